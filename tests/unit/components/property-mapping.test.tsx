import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PropertyMapping } from "@/components/property-mapping";
import { fieldChoices } from "@/lib/database-fields";

/** The mapping of a database's own property names names each field in words, not by its key in the code. */
describe("PropertyMapping", () => {
  it("labels the fields as an owner reads them (Publish date, Hide from site), not date and hidden", () => {
    const fields = fieldChoices(["name", "date", "hidden"], [
      { name: "Title", type: "title" },
      { name: "Went out on", type: "date" },
      { name: "Keep private", type: "checkbox" },
    ]);
    const html = renderToStaticMarkup(<PropertyMapping fields={fields} value={{}} onChange={() => undefined} />);
    expect(html).toMatch(/<label for="map-date"[^>]*>Publish date<\/label>/);
    expect(html).toMatch(/<label for="map-hidden"[^>]*>Hide from site<\/label>/);
    expect(html).not.toMatch(/<label[^>]*>(date|hidden)<\/label>/);
  });

  it("names Notion's property types as Notion shows them (multi-select), not by the API's keys", () => {
    const fields = fieldChoices(["name", "date", "tags"], [
      { name: "Title", type: "title" },
      { name: "Shelf", type: "multi_select" },
      { name: "Made", type: "created_time" },
    ]);
    const html = renderToStaticMarkup(<PropertyMapping fields={fields} value={{}} onChange={() => undefined} />);
    expect(html).toContain(">Shelf (multi-select)</option>");
    expect(html).toContain(">Made (created time)</option>");
    expect(html).not.toMatch(/multi_select|created_time/);
  });
});
