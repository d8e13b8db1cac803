"use client";

import { useCallback, useState } from "react";
import { useTopLoader } from "nextjs-toploader";
import { runAction } from "./run-action";

/**
 * An owner action for a button: `pending` while it runs (the button's loading state), the top progress bar moving
 * meanwhile (docs/product.md §2/§9), errors as toasts through runAction, an optional success toast.
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const loader = useTopLoader();
  const run = useCallback(
    async <T,>(action: () => Promise<T>, opts: { success?: string } = {}): Promise<T | undefined> => {
      setPending(true);
      loader.start();
      try {
        return await runAction(action, opts);
      } finally {
        loader.done();
        setPending(false);
      }
    },
    [loader],
  );
  return { pending, run };
}
