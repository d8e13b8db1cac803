"use client";

import { createContext, useContext } from "react";

/**
 * Validation errors shown under their fields: a form's save keeps the refused fields keyed by
 * their path in the RPC params ("settings.navigation.2.href"), and each TextField with that `field` shows its sentence.
 */
export type FieldErrorMap = Record<string, string>;

export const FieldErrorsContext = createContext<FieldErrorMap>({});

export const FieldErrors = FieldErrorsContext.Provider;

export function useFieldError(field: string | undefined): string | undefined {
  const errors = useContext(FieldErrorsContext);
  return field ? errors[field] : undefined;
}

/** The input a path names on the page, when one is shown: `data-field` marks it. */
export function fieldInput(path: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`);
}
