"use client";

import type { SiteOverview } from "@/core/sites/get-site-overview";
import type { SectionId } from "./catalog";
import type { ScreenExtra } from "./screen-extra";
import { GeneralSection } from "./general";
import { AppearanceSection } from "./appearance";
import { OwnerCodeSection } from "./owner-code";
import { AssistantSection } from "./assistant";
import { DomainSection } from "./domain";
import { PasswordSection, RedirectsSection } from "./access";
import { AgentsPanel } from "./agents";
import { AiSection, EmailSection, VersionsSection, WidgetSection } from "./features";
import { AnalyticsSection } from "./analytics";
import { FeedbackSection, SubscribersSection } from "./audience";
import { PlanSection } from "./plan";
import { VotesSection, WhatsNewSection } from "./roadmap";
import { DeleteSection } from "./delete";
import { MembersSection } from "./members";
import { ActivitySection } from "./activity";
import { LanguagesSection } from "./languages";
import { SiteCreatedDialog } from "./site-created-dialog";

export function SiteScreen({ section, site, extra }: { section: SectionId; site: SiteOverview; extra: ScreenExtra }) {
  return (
    <>
      <SiteCreatedDialog site={site} />
      {section === "general" ? <GeneralSection site={site} notionOAuth={extra.notionOAuth} /> : null}
      {section === "appearance" ? <AppearanceSection site={site} /> : null}
      {section === "code" ? <OwnerCodeSection site={site} where={extra.ownerCode} billing={extra.billing} /> : null}
      {section === "assistant" ? <AssistantSection site={site} aiModel={extra.aiModel} /> : null}
      {section === "domain" ? <DomainSection site={site} /> : null}
      {section === "password" ? <PasswordSection site={site} /> : null}
      {section === "redirects" ? <RedirectsSection site={site} /> : null}
      {section === "widget" ? <WidgetSection site={site} /> : null}
      {section === "ai" ? (
        // Two panels on one screen: apart, like every screen's panels.
        <div className="space-y-6">
          <AiSection site={site} aiModel={extra.aiModel} />
          <AgentsPanel site={site} />
        </div>
      ) : null}
      {section === "analytics" ? <AnalyticsSection site={site} /> : null}
      {section === "email" ? <EmailSection site={site} /> : null}
      {section === "versions" ? <VersionsSection site={site} /> : null}
      {section === "languages" ? <LanguagesSection site={site} /> : null}
      {section === "subscribers" ? <SubscribersSection site={site} subscribers={extra.subscribers} /> : null}
      {section === "feedback" ? <FeedbackSection feedback={extra.feedback} searchMisses={extra.searchMisses} /> : null}
      {section === "votes" ? <VotesSection site={site} /> : null}
      {section === "whats-new" ? <WhatsNewSection site={site} /> : null}
      {section === "members" ? <MembersSection site={site} role={extra.role} userId={extra.userId} /> : null}
      {section === "activity" ? <ActivitySection site={site} /> : null}
      {section === "plan" ? <PlanSection site={site} billing={extra.billing} /> : null}
      {section === "delete" ? <DeleteSection site={site} /> : null}
    </>
  );
}
