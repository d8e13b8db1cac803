import { getRuntime } from "@/runtime";
import { handleRpcRequest } from "@/rpc/handle-request";
import { userMethods } from "@/rpc/user-methods";
import type { MethodTable } from "@/rpc/method";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return handleRpcRequest(request, userMethods as unknown as MethodTable, getRuntime());
}
