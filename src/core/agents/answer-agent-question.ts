import { z } from "zod";
import type { Db } from "@/db/client";
import type { SiteSettings } from "@/core/sites/site-settings";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { ChatModel } from "@/integrations/ai";
import { AppError } from "@/lib/errors";
import { answerVisitorQuestion, VISITOR_CHAT_LIMITS, type Source } from "@/core/ai/answer-visitor-question";
import { ensureSitePassages } from "@/core/ai/index-site-passages";

export const agentQuestion = z.string().trim().min(1, "Please ask a question.").max(VISITOR_CHAT_LIMITS.maxQuestionChars, VISITOR_CHAT_LIMITS.tooLong);

export type AgentAnswer = { answer: string; sources: Source[]; mode: "model" | "retrieval" };

/**
 * An AI agent's question about one site (the MCP `ask` tool and `<page>.md?ask=`), answered by the visitor
 * chatbot's own retrieval and model call (answerVisitorQuestion) and collected into one answer with its sources. The
 * caller has admitted it through the chatbot's own gate and meter (the site server's admitQuestion).
 */
export async function answerAgentQuestion(
  deps: { db: Db; model: ChatModel | null },
  site: { id: string; name: string; ai: SiteSettings["ai"]; urlOf: (pageId: string) => string | null; pages: () => Map<string, SnapshotPage> | undefined },
  question: string,
  signal?: AbortSignal,
): Promise<AgentAnswer> {
  const parsed = agentQuestion.safeParse(question);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Please ask a question.");
  await ensureSitePassages(deps.db, site.id, site.pages);
  let answer = "";
  let sources: Source[] = [];
  let mode: AgentAnswer["mode"] = "retrieval";
  await answerVisitorQuestion(
    deps,
    { id: site.id, name: site.name, ai: site.ai, urlOf: site.urlOf },
    { messages: [{ role: "user", content: parsed.data }] },
    (event) => {
      if (event.type === "sources") sources = event.sources;
      else if (event.type === "delta") answer += event.text;
      else mode = event.mode;
    },
    signal,
  );
  return { answer: answer.trim(), sources, mode };
}

/** The answer as Markdown: its text, then its sources as links. */
export function agentAnswerMarkdown(result: AgentAnswer): string {
  const sources = result.sources.map((s) => `${s.n}. [${s.title}](${s.url})`);
  return `${result.answer}\n${sources.length ? `\n## Sources\n\n${sources.join("\n")}\n` : ""}`;
}
