import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { uploads } from "@/db/schema";
import type { FileStorage, StoredFile } from "@/integrations/storage";

/** An uploaded file by id, for GET /api/files/<id> (public: logos and favicons appear on published sites). */
export async function getUploadedFile(deps: { db: Db; storage: FileStorage }, fileId: string): Promise<(StoredFile & { fileId: string }) | null> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return null;
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, fileId)).limit(1);
  if (!row) return null;
  const file = await deps.storage.get(row.storageKey);
  return file ? { ...file, fileId: row.id } : null;
}
