"use client";

import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import toast from "react-hot-toast";

/**
 * docs/product.md §8 wrapped action: runs an action, shows its error message as a toast, ignores aborts (the user navigated or
 * cancelled), and may show a success message. Returns the result, or undefined when it failed.
 */
export async function runAction<T>(action: () => Promise<T>, opts: { success?: string } = {}): Promise<T | undefined> {
  try {
    const result = await action();
    if (opts.success) toast.success(opts.success);
    return result;
  } catch (err) {
    if (isAbort(err)) return undefined;
    if ((err as { name?: string })?.name === "TimeoutError") {
      toast.error("This is taking too long, please try again");
      return undefined;
    }
    toast.error(err instanceof Error && err.message ? err.message : GENERIC_ERROR_MESSAGE);
    return undefined;
  }
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException ? err.name === "AbortError" : (err as { name?: string })?.name === "AbortError";
}
