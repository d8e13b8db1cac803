"use client";

import { useRouter } from "next/navigation";
import { useAction } from "@/components/use-action";

/**
 * A dashboard change: runs the RPC call with loading state and toasts, then re-reads the page's server data. Bad
 * input lands in `errors`, for the form's <FieldErrors value={saving.errors}>.
 */
export function useSave() {
  const router = useRouter();
  const action = useAction();
  return {
    pending: action.pending,
    errors: action.errors,
    async save<T>(call: () => Promise<T>, success = "Saved"): Promise<T | undefined> {
      const result = await action.run(call, { success });
      if (result !== undefined) router.refresh();
      return result;
    },
  };
}
