export const STORY_ANCHOR = "what-happened";

export function storyHref(orderId: string): string {
  return `/erp/orders/${encodeURIComponent(orderId)}#${STORY_ANCHOR}`;
}
