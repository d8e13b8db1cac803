"use client";

import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { COLOUR_MESSAGE, HEX_COLOUR } from "@/lib/colour";
import { useFieldError } from "./field-errors";

const INPUT = "w-full rounded-md border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-neutral-100 outline-none focus:border-[#5b8cff] focus:ring-2 focus:ring-[#5b8cff]/30";

/** A titled card for one group of settings on a dashboard screen. */
export function Panel({ title, description, children, index = 0 }: { title: string; description?: ReactNode; children: ReactNode; index?: number }) {
  return (
    <section className="fade-in rounded-xl border border-neutral-800 bg-neutral-900/40 p-4 sm:p-6" style={{ "--fade-index": index } as React.CSSProperties} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-neutral-400">{description}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** `field` is the input's path in the save's params ("settings.navigation.2.href"): a refusal of it shows underneath. */
export function TextField({ label, hint, field, ...input }: { label: string; hint?: ReactNode; field?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const error = useFieldError(field);
  const described = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <input
        id={id}
        data-field={field}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
        className={`mt-1 ${INPUT} ${error ? "border-red-400 focus:border-red-400 focus:ring-red-400/30" : ""}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300" data-testid="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextArea({ label, hint, value, onChange, rows = 3, maxLength }: { label: string; hint?: string; value: string; onChange: (v: string) => void; rows?: number; maxLength?: number }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <textarea id={id} rows={rows} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} className={`mt-1 ${INPUT}`} />
      {hint ? <p className="mt-1 text-xs text-neutral-400">{hint}</p> : null}
    </div>
  );
}

export function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-[#5b8cff]" />
      {label}
    </label>
  );
}

/**
 * Any colour a browser knows ("red", "#25d", "rgb(34 85 221)") as #rrggbb, the one format settings store; null when it
 * is no colour. The browser's own canvas does the reading, so every CSS colour name works.
 */
function toHexColour(text: string): string | null {
  const value = text.trim();
  if (HEX_COLOUR.test(value)) return value.toLowerCase();
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx || !value) return null;
  // An unknown colour leaves fillStyle as it was: read it over two different starting colours, and only agreement counts.
  const read = (start: string) => {
    ctx.fillStyle = start;
    ctx.fillStyle = value;
    return ctx.fillStyle;
  };
  const [a, b] = [read("#000000"), read("#ffffff")];
  return a === b && typeof a === "string" && HEX_COLOUR.test(a) ? a : null;
}

/**
 * A swatch and its text. What the owner types becomes #rrggbb when they leave the field ("red" → #ff0000); what is no
 * colour is refused at once, in the same words as the server, and the swatch keeps the last real colour.
 * `field` is the value's path in the save's params, so a refusal from the server shows here too.
 */
export function ColorField({ label, value, onChange, field }: { label: string; value: string; onChange: (v: string) => void; field?: string }) {
  const id = useId();
  const serverError = useFieldError(field);
  const [lastColour, setLastColour] = useState(HEX_COLOUR.test(value) ? value : "#000000");
  const [left, setLeft] = useState(false);
  const invalid = left && !HEX_COLOUR.test(value);
  const error = invalid ? COLOUR_MESSAGE : serverError;
  if (HEX_COLOUR.test(value) && value !== lastColour) setLastColour(value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input type="color" aria-label={`${label} picker`} value={lastColour} onChange={(e) => onChange(e.target.value)} className="h-9 w-12 cursor-pointer rounded border border-neutral-700 bg-neutral-900" />
        <input
          id={id}
          value={value}
          data-field={field}
          onChange={(e) => {
            setLeft(false);
            onChange(e.target.value);
          }}
          onBlur={() => {
            const hex = toHexColour(value);
            if (hex && hex !== value) onChange(hex);
            setLeft(true);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} max-w-36 font-mono ${error ? "border-red-400" : ""}`}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={`mt-1 ${INPUT}`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
