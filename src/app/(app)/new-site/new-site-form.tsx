"use client";

import { useCallback, useRef, useState } from "react";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";
import { useRouter } from "next/navigation";
import { siteRpc } from "@/rpc/client";
import { SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import { suggestedSubdomain, titleFromNotionUrl } from "@/lib/site-address";
import { Button } from "@/components/button";
import { Dialog, useDialogState } from "@/components/dialog";
import { useAction } from "@/components/use-action";
import { ConnectedPagePicker, type ConnectedChoice } from "./connected-page-picker";
import { PageCheckStatus } from "./page-check-status";
import { AddressField, NameField, PublicPageInput, SiteTypeChoice, SourceSwitch, TemplateHelp } from "./new-site-fields";
import { useSiteChecks } from "./use-site-checks";

type NewSiteFormProps = {
  initialSiteType?: SiteType;
  /** APPS_DOMAIN: shown around the subdomain field, so the whole address reads before the check. */
  appsDomain?: string;
  /** Whether "Connect Notion" with OAuth is configured on this server. */
  notionOAuth?: boolean;
  /** Back from Notion's consent screen (`?connection=`), or its error (`?connectionError=`): "Connect Notion" is open. */
  initialConnectionId?: string;
  connectionError?: string;
};

/** The create form: a site type, a Notion page (public, or through a connection), an address and a name. */
export function NewSiteForm({ initialSiteType = "blog", initialConnectionId, connectionError, notionOAuth = false, appsDomain }: NewSiteFormProps) {
  const router = useRouter();
  const [siteType, setSiteType] = useState<SiteType>(initialSiteType);
  // A public page (the default) or a page read through a Notion connection.
  const [source, setSource] = useState<"public" | "connected">(initialConnectionId || connectionError ? "connected" : "public");
  const [connected, setConnected] = useState<ConnectedChoice>(null);
  const [notionPageUrl, setNotionPageUrl] = useState("");
  const [subdomain, setSubdomain] = useState("");
  const [subdomainTyped, setSubdomainTyped] = useState(false);
  const [name, setName] = useState("");
  // Until the owner types a name, it is the page's title (what visitors see), shown filled in.
  const nameTypedRef = useRef(false);
  const { page, address, retry, propertyMap, mapping } = useSiteChecks({ siteType, source, connected, notionPageUrl, subdomain });
  const [templateDialog, openTemplate, closeTemplate] = useDialogState<{ siteType: SiteType }>({ siteType: "blog" });
  const create = useAction();

  const ready = page.status === "ok" && (source === "public" || connected !== null) && address.status === "free";
  // Stable: the picker re-reads its connections when this changes, which would drop the page just picked.
  const chooseConnected = useCallback((choice: ConnectedChoice) => {
    setConnected(choice);
    if (choice && !nameTypedRef.current) setName(choice.title);
  }, []);
  const submit = async () => {
    const from = source === "connected" && connected ? { notionPageUrl: connected.notionPageUrl, connectionId: connected.connectionId } : { notionPageUrl: notionPageUrl.trim() };
    const created = await create.run(() =>
      siteRpc.call("createNewSite", {
        siteType,
        ...from,
        subdomain: subdomain.trim().toLowerCase(),
        name: name.trim() || undefined,
        ...(Object.keys(propertyMap).length ? { propertyMap } : {}),
      }),
    );
    if (!created) return;
    trackConversion(readPublicConfig().tracking, CONVERSION.newSite, { siteType: created.siteType });
    router.push(`/dashboard/sites/${created.siteId}?created=1`);
  };

  return (
    <form
      className="mt-8 space-y-10"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      <SiteTypeChoice siteType={siteType} onChange={setSiteType} onTemplate={() => openTemplate({ siteType })} />

      <div>
        <SourceSwitch source={source} onChange={setSource} />
        {source === "connected" ? (
          <>
            <p className="text-lg font-semibold">2. Your Notion page, through a connection</p>
            <p className="mt-1 text-sm text-neutral-600">The page stays private in Notion; Pagewright reads only the pages you share with it, and edits show up within seconds.</p>
            <ConnectedPagePicker oauth={notionOAuth} initialConnectionId={initialConnectionId} connectionError={connectionError} onChoose={chooseConnected} />
            {connected ? (
              <PageCheckStatus
                secondsLeft={retry.secondsLeft}
                id="connected-page-status"
                siteType={siteType}
                page={page}
                onTemplate={() => openTemplate({ siteType })}
                mapping={mapping}
              />
            ) : null}
          </>
        ) : (
          <PublicPageInput
            value={notionPageUrl}
            onChange={(link) => {
              setNotionPageUrl(link);
              // Until the owner types an address or a name, they follow the page's title in the link.
              if (!subdomainTyped) setSubdomain(suggestedSubdomain(link, siteType));
              if (!nameTypedRef.current) setName(titleFromNotionUrl(link));
            }}
            page={page}
          >
            <PageCheckStatus
              secondsLeft={retry.secondsLeft}
              id="notion-url-status"
              siteType={siteType}
              page={page}
              onTemplate={() => openTemplate({ siteType })}
              mapping={mapping}
            />
          </PublicPageInput>
        )}
      </div>

      <AddressField
        siteType={siteType}
        appsDomain={appsDomain}
        value={subdomain}
        onChange={(value) => {
          setSubdomainTyped(true);
          setSubdomain(value);
        }}
        address={address}
      />

      <NameField
        value={name}
        onChange={(value) => {
          setName(value);
          nameTypedRef.current = true;
        }}
      />

      <Button type="submit" loading={create.pending} disabled={!ready} className="w-full py-3 text-base sm:w-auto">
        {create.pending ? "Creating your site…" : "Create site"}
      </Button>

      <Dialog open={templateDialog.isOpen} onClose={closeTemplate} title={`A ${SITE_TYPE_INFO[templateDialog.siteType].label.toLowerCase()} from Notion`} tone="light">
        <TemplateHelp siteType={templateDialog.siteType} />
      </Dialog>
    </form>
  );
}

