import { templateTable } from "../../../src/lib/notion-templates";
import type { DatabaseSource, PropertyType } from "./types";

/**
 * The blog template CSV (/templates/blog.csv) after an owner's Import → CSV in Notion and Share → Publish (issue 24's
 * first hour): a table database named after the file, its rows the CSV's, with the types Notion's import gives —
 * dates and comma-separated tags recognised, the rest plain text — and empty page bodies.
 */
const table = templateTable("blog")!;
const IMPORTED_TYPES: Record<string, PropertyType> = { Name: "title", Date: "date", Tags: "multi_select" };
const column = (row: string[], name: string) => row[table.header.indexOf(name)] ?? "";

export const IMPORTED_BLOG_TEMPLATE: DatabaseSource = {
  title: table.fileName.replace(/\.csv$/, ""),
  edited: "2026-10-20",
  view: "table",
  schema: Object.fromEntries(table.header.map((name) => [name, IMPORTED_TYPES[name] ?? "text"])),
  options: { Tags: [...new Set(table.rows.flatMap((row) => column(row, "Tags").split(",").map((t) => t.trim())))] },
  rows: table.rows.map((row) => ({
    title: column(row, "Name"),
    edited: "2026-10-20",
    props: Object.fromEntries(
      table.header
        .filter((name) => name !== "Name")
        .map((name) => [name, name === "Tags" ? column(row, name).split(",").map((t) => t.trim()) : column(row, name)]),
    ),
    body: "",
  })),
};
