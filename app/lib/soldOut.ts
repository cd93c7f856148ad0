/** Whether the kitchen marked the item sold out for today: until `soldOutUntil`, the shop's next day. */
export function isSoldOut(item: { soldOutUntil: Date | null }, now = new Date()) {
  return item.soldOutUntil !== null && item.soldOutUntil.getTime() > now.getTime();
}
