import { getRuntime } from "@/runtime";
import { handleRpcRequest } from "@/rpc/handle-request";
import { siteMethods } from "@/rpc/site-methods";
import type { MethodTable } from "@/rpc/method";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleRpcRequest(request, siteMethods as unknown as MethodTable, getRuntime());
}
