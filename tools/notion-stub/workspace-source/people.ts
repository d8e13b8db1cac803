import type { Person } from "./types";

/** Lumen's team: the authors of posts (Notion person properties point at these users). */
export const PEOPLE: Person[] = [
  { key: "maya", given: "Maya", family: "Okafor", email: "maya@lumen.example" },
  { key: "jonas", given: "Jonas", family: "Lindqvist", email: "jonas@lumen.example" },
  { key: "priya", given: "Priya", family: "Raman", email: "priya@lumen.example" },
  { key: "tomas", given: "Tomás", family: "Herrera", email: "tomas@lumen.example" },
];
