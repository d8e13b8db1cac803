"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import type { FieldChoice, PropertyMap } from "@/lib/database-fields";
import { isDatabaseSiteType } from "@/lib/site-types";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel } from "@/components/fields";
import { PropertyMapping } from "@/components/property-mapping";
import { useAction } from "@/components/use-action";
import { useSave } from "./use-save";

/**
 * Blogs, changelogs and roadmaps: which database property fills which field, read fresh from Notion
 * on demand (one request), changed and checked on the server like the create flow's.
 */
export function PropertyMapPanel({ site }: { site: SiteOverview }) {
  const [loaded, setLoaded] = useState<{ fields: FieldChoice[]; problem: string | null } | null>(null);
  const [value, setValue] = useState<PropertyMap>({});
  const loading = useAction();
  const saving = useSave();
  if (!isDatabaseSiteType(site.siteType)) return null;
  const load = async () => {
    const result = await loading.run(() => siteRpc.call("getSitePropertyMap", { siteId: site.siteId }));
    if (!result) return;
    setLoaded({ fields: result.fields, problem: result.problem });
    setValue(result.propertyMap);
  };
  return (
    <Panel title="Database properties" description="Which of your Notion database's properties the site reads for each field. Names like Summary, Category or a Published status are found on their own.">
      {loaded ? (
        <>
          {loaded.problem ? (
            <p role="alert" className="text-sm text-amber-300">
              {loaded.problem}
            </p>
          ) : null}
          <PropertyMapping fields={loaded.fields} value={value} onChange={setValue} tone="dark" />
          <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSitePropertyMap", { siteId: site.siteId, propertyMap: value }))}>
            Save properties
          </Button>
        </>
      ) : (
        <Button variant="secondary" loading={loading.pending} onClick={() => void load()}>
          Show the database&apos;s properties
        </Button>
      )}
    </Panel>
  );
}
