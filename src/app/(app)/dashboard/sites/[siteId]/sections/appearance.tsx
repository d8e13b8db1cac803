"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { CUSTOM_CSS_MAX } from "@/lib/custom-css";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { ColorField, Panel, SelectField, Toggle } from "@/components/fields";
import { FieldErrors } from "@/components/field-errors";
import { useSave } from "./use-save";
import { CodeField } from "./code-field";
import { FooterPanel } from "./site-chrome";
import { SITE_THEME_NAMES, SITE_THEMES } from "@/lib/site-themes";

type Theme = SiteOverview["settings"]["theme"];

/** The site's look: its theme, colour, font, light/dark, the badge, its footer, and the owner's own CSS. */
export function AppearanceSection({ site }: { site: SiteOverview }) {
  return (
    <div className="space-y-6">
      <LookPanel site={site} />
      <FooterPanel site={site} />
      <CustomCssPanel site={site} />
    </div>
  );
}

const FONTS: { value: Theme["font"]; label: string }[] = [
  { value: "system", label: "System sans-serif" },
  { value: "inter", label: "Inter (sans-serif)" },
  { value: "serif", label: "System serif" },
  { value: "lora", label: "Lora (serif)" },
  { value: "mono", label: "System monospace" },
  { value: "jetbrains-mono", label: "JetBrains Mono (monospace)" },
];

const LOOKS: { value: Theme["name"]; label: string }[] = SITE_THEME_NAMES.map((name) => ({ value: name, label: SITE_THEMES[name].label }));

const THEMES: { value: Theme["defaultTheme"]; label: string }[] = [
  { value: "system", label: "The visitor's system setting" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

function LookPanel({ site }: { site: SiteOverview }) {
  const theme = site.settings.theme;
  const [name, setName] = useState(theme.name);
  const [accentColor, setAccent] = useState(theme.accentColor);
  const [font, setFont] = useState(theme.font);
  const [defaultTheme, setDefaultTheme] = useState(theme.defaultTheme);
  const [hideThemeToggle, setHideToggle] = useState(theme.hideThemeToggle);
  const [showBadge, setShowBadge] = useState(site.settings.showBadge);
  const saving = useSave();
  return (
    <Panel title="Look" description="Inter, Lora and JetBrains Mono are served by your site itself: visitors' browsers ask no font service.">
      <FieldErrors value={saving.errors}>
        <SelectField label="Theme" value={name} onChange={setName} options={LOOKS} />
        <ColorField label="Accent colour" field="theme.accentColor" value={accentColor} onChange={setAccent} />
        <SelectField label="Font" value={font} onChange={setFont} options={FONTS} />
        <SelectField label="Theme visitors see first" value={defaultTheme} onChange={setDefaultTheme} options={THEMES} />
        <Toggle label="Hide the light/dark toggle (everyone gets the theme above)" checked={hideThemeToggle} onChange={setHideToggle} />
        <Toggle label="Show the “Published with” badge" checked={showBadge} onChange={setShowBadge} />
      </FieldErrors>
      <Button
        loading={saving.pending}
        onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { theme: { name, accentColor, font, defaultTheme, hideThemeToggle }, showBadge } }))}
      >
        Save look
      </Button>
    </Panel>
  );
}

function CustomCssPanel({ site }: { site: SiteOverview }) {
  const [customCss, setCss] = useState(site.settings.theme.customCss);
  const saving = useSave();
  return (
    <Panel title="Custom CSS" description="Added after the site's own styles on every page, served from your site's address. Scripts and fonts from other sites stay blocked.">
      <FieldErrors value={saving.errors}>
        <CodeField label="CSS" field="theme.customCss" max={CUSTOM_CSS_MAX} rows={10} placeholder={".site-header { border-bottom: 0; }"} value={customCss} onChange={setCss} />
      </FieldErrors>
      <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { theme: { customCss } } }))}>
        Save CSS
      </Button>
    </Panel>
  );
}

