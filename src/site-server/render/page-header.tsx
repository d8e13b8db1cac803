import { isImageIcon, type PageLook, type TreeNode } from "@/site-model/tree-model";
import { iconImage, lookSrc, type RenderContext } from "./context";

/** Notion's page header (cover, icon, title) and its page options as classes, for page-tree sites. */

/** An emoji, or an image icon (a custom emoji too) through the image route at the size it is shown (2× for sharp screens). */
export function PageIcon({ ctx, icon, blockId, size }: { ctx: RenderContext; icon: string | null; blockId: string; size: 16 | 32 | 64 | 128 }) {
  if (!icon) return null;
  if (!isImageIcon(icon)) {
    return (
      <span className="page-icon" aria-hidden="true">
        {icon}
      </span>
    );
  }
  const image = iconImage(ctx, icon, blockId, size);
  if (!image) return null;
  return (
    <span className="page-icon">
      <img src={image.src} alt={image.alt} width={size / 2} height={size / 2} decoding="async" />
    </span>
  );
}

/** Notion's position 1 shows the top of the cover, 0 its bottom. */
export const coverObjectPosition = (coverPosition: number) => `center ${Math.round((1 - coverPosition) * 100)}%`;

export function PageCover({ ctx, look, blockId }: { ctx: RenderContext; look: PageLook; blockId: string }) {
  const src = lookSrc(ctx, look.cover, blockId, 1920);
  if (!src) return null;
  return <img className="page-cover" src={src} alt="" width={1920} height={480} decoding="async" fetchPriority="high" style={{ objectPosition: coverObjectPosition(look.coverPosition) }} />;
}

/** Cover, icon and the page title as the page's only <h1>. */
export function PageHeader({ ctx, node, title = node.title }: { ctx: RenderContext; node: TreeNode; title?: string }) {
  return (
    <header className={node.look.cover ? "page-header page-header-cover" : "page-header"}>
      <PageCover ctx={ctx} look={node.look} blockId={node.pageId} />
      <PageIcon ctx={ctx} icon={node.look.icon} blockId={node.pageId} size={128} />
      <h1>{title}</h1>
    </header>
  );
}

/** The page options Notion offers (full width, font, small text) as classes on the page's container. */
export function lookClasses(base: string, look: PageLook): string {
  return [base, look.fullWidth && "page-full-width", look.font !== "default" && `page-font-${look.font}`, look.smallText && "page-small-text"].filter(Boolean).join(" ");
}
