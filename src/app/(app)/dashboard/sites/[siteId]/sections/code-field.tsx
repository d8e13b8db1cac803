"use client";

import { useId } from "react";
import { useFieldError } from "@/components/field-errors";

type CodeFieldProps = { label: string; field: string; value: string; onChange: (v: string) => void; placeholder: string; max: number; rows?: number };

/** A code box (CSS, HTML) with its count against `max` and its refusal underneath, marked with `field` for the save's errors. */
export function CodeField({ label, field, value, onChange, placeholder, max, rows = 8 }: CodeFieldProps) {
  const id = useId();
  const error = useFieldError(field);
  const over = value.length > max;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <textarea
        id={id}
        data-field={field}
        rows={rows}
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ""}${id}-count`}
        className={`mt-1 w-full rounded-md border bg-neutral-900 px-3 py-2 font-mono text-sm text-neutral-100 outline-none focus:ring-2 ${error || over ? "border-red-400 focus:ring-red-400/30" : "border-neutral-700 focus:border-[#5b8cff] focus:ring-[#5b8cff]/30"}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300" data-testid="field-error">
          {error}
        </p>
      ) : null}
      <p id={`${id}-count`} className={`mt-1 text-xs ${over ? "text-red-300" : "text-neutral-400"}`}>
        {value.length.toLocaleString("en-US")} of {max.toLocaleString("en-US")} characters
      </p>
    </div>
  );
}
