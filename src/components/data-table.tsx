import type { ReactNode } from "react";

/** One column of a DataTable: its header, what a row shows in it, and classes for its cells. */
export type DataColumn<R> = { header: string; cell: (row: R) => ReactNode; className?: string };

/** The dashboard's plain list table: a header row, one bordered row per item, cells spaced but the last. */
export function DataTable<R>({
  rows,
  columns,
  rowKey,
  rowClassName = "",
  testId,
}: {
  rows: readonly R[];
  columns: DataColumn<R>[];
  rowKey: (row: R) => string;
  rowClassName?: string;
  testId?: string;
}) {
  const spacing = (i: number) => (i < columns.length - 1 ? "py-2 pr-4" : "py-2");
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead className="text-neutral-400">
        <tr>
          {columns.map((c, i) => (
            <th key={c.header} scope="col" className={`${spacing(i)} font-medium`}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={`border-t border-neutral-800 ${rowClassName}`.trim()}>
            {columns.map((c, i) => (
              <td key={c.header} className={`${spacing(i)} ${c.className ?? ""}`.trim()}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
