import type { PageSource } from "./types";

/**
 * Lumen's documentation in Japanese: the same tree as docs.ts, page for page in the same order, so the two pair by
 * position when the Japanese root is added to the docs site as a language (docs/languages.md).
 */
export const DOCS_JA: PageSource = {
  title: "Lumen ドキュメント",
  icon: "📚",
  edited: "2026-10-30",
  body: `
    Lumen の導入、データの送信、ダッシュボードの作成に必要なことをすべてまとめました。
    !👋 はじめての方は [[クイックスタート]] からどうぞ。
  `,
  children: [
    {
      title: "はじめに",
      icon: "🚀",
      edited: "2026-10-12",
      body: `スクリプトを設置して、最初の訪問者を確認し、チームを招待しましょう。`,
      children: [
        {
          title: "クイックスタート",
          edited: "2026-10-12",
          body: `
            1. ダッシュボードでプロジェクトを作成します。
            2. すべてのページの \`<head>\` にスクリプトタグを貼り付けます。
            3. ライブビューを開き、自分のサイトにアクセスします。
            \`\`\`html
            <script defer data-project="YOUR_PROJECT_ID" src="https://cdn.lumen.example/l.js"></script>
            \`\`\`
          `,
        },
        {
          title: "フレームワークへの導入",
          edited: "2026-10-02",
          body: `お使いのフレームワークを選んでください。`,
          children: [
            { title: "Next.js", edited: "2026-09-15", body: `\`app/layout.tsx\` にスクリプトを追加します。` },
            { title: "WordPress", edited: "2026-09-10", body: `**Lumen Analytics** プラグインをインストールし、*設定 → Lumen* にプロジェクト ID を貼り付けます。` },
            { title: "HTML だけのサイト", edited: "2026-09-08", body: `すべてのページの \`</head>\` の前にスクリプトタグを貼り付けます。` },
          ],
        },
      ],
    },
    {
      title: "データの送信",
      icon: "📡",
      edited: "2026-10-20",
      body: `ページビューは自動で記録されます。それ以外はすべてイベントです。`,
      children: [
        { title: "カスタムイベント", edited: "2026-10-20", body: `
          \`\`\`javascript
          lumen.track("Downloaded report", { format: "pdf" });
          \`\`\`
          イベント名は120文字まで、プロパティは30個までです。` },
        { title: "サーバーからのイベント", edited: "2026-10-18", body: `請求や解約など、サーバーで起きた出来事は API からイベントとして送れます。` },
      ],
    },
    {
      title: "ダッシュボード",
      icon: "📊",
      edited: "2026-10-28",
      body: `ダッシュボードを作成し、共有し、書き出します。`,
      children: [
        { title: "ダッシュボードの作成", edited: "2026-10-28", body: `**新しいダッシュボード** を選び、ライブラリからグラフを追加します。` },
        { title: "共有と書き出し", edited: "2026-10-01", body: `どのダッシュボードにも公開リンクがあり、いつでもオンとオフを切り替えられます。CSV での書き出しもできます。` },
      ],
    },
  ],
};
