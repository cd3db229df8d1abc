import type { WebhookPayload } from './payload';

interface Embed {
  title: string;
  description?: string;
  color: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  timestamp: string;
  footer: { text: string };
}

const COLORS = { info: 0x5865f2, good: 0x57f287, warn: 0xfee75c, bad: 0xed4245 };

const TITLES: Record<string, { title: string; color: number }> = {
  'order.paid': { title: 'Order paid', color: COLORS.good },
  'order.refunded': { title: 'Order refunded', color: COLORS.warn },
  'order.needs_attention': { title: 'Order needs attention', color: COLORS.bad },
  'licence.created': { title: 'Licence created', color: COLORS.good },
  'licence.extended': { title: 'Licence extended', color: COLORS.good },
  'licence.expiring': { title: 'Licence expires in 3 days', color: COLORS.warn },
  'licence.revoked': { title: 'Licence revoked', color: COLORS.bad },
  'hwid.reset': { title: 'HWID reset', color: COLORS.info },
  'key.redeemed': { title: 'Key redeemed', color: COLORS.good },
  'reseller.balance.changed': { title: 'Balance changed', color: COLORS.info },
  'ticket.created': { title: 'New ticket', color: COLORS.info },
  'ticket.message.created': { title: 'New ticket message', color: COLORS.info },
  'ticket.escalated': { title: 'Ticket escalated', color: COLORS.bad },
};

/** Discord limits: field values 1024 characters, descriptions 4096. */
const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1)}…` : value;

const LABELS: Record<string, string> = {
  title: 'Title',
  reason: 'Reason',
  priority: 'Priority',
  username: 'User',
  product: 'Product',
  productId: 'Product',
  plan: 'Plan',
  amount: 'Amount',
  currency: 'Currency',
  status: 'Status',
  expiresAt: 'Expires',
  balance: 'Balance',
  delta: 'Change',
  code: 'Key',
  orderId: 'Order',
  ticketId: 'Ticket',
};

function fieldsOf(data: Record<string, unknown>) {
  const fields: { name: string; value: string; inline: boolean }[] = [];
  // jsonb does not keep key order: show known fields in a fixed, readable order.
  const order = Object.keys(LABELS);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const entries = Object.entries(data).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  for (const [key, value] of entries) {
    if (value === null || value === undefined || key === 'message' || typeof value === 'object')
      continue;
    fields.push({ name: LABELS[key] ?? key, value: clip(String(value), 1024), inline: true });
    if (fields.length === 25) break;
  }
  return fields;
}

/**
 * An event as a Discord execute-webhook body: one embed with a readable title, the event's
 * fields, and no mentions (a ticket text must never ping @everyone).
 */
export function discordMessage(payload: WebhookPayload) {
  const known = TITLES[payload.type] ?? { title: payload.type, color: COLORS.info };
  const message = typeof payload.data.message === 'string' ? payload.data.message : undefined;
  const embed: Embed = {
    title: known.title,
    ...(message ? { description: clip(message, 4096) } : {}),
    color: known.color,
    fields: fieldsOf(payload.data),
    timestamp: payload.createdAt,
    footer: { text: `${payload.type} · ${payload.id}` },
  };
  return { username: 'Stellar', embeds: [embed], allowed_mentions: { parse: [] as string[] } };
}
