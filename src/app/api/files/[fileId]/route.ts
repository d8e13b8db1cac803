import { getRuntime } from "@/runtime";
import { getUploadedFile } from "@/core/sites/get-uploaded-file";

export const dynamic = "force-dynamic";

/** Uploaded images (logos, favicons, social images) by id; ids are random, files never change, so cached for a year. */
export async function GET(_request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  const runtime = getRuntime();
  const file = await getUploadedFile(runtime, (await params).fileId);
  if (!file) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
}
