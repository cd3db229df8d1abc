import { formatTimestamp } from '@/lib/format-timestamp';
import type { AuditEntry } from '../api/get-audit-log';

/** The audit time as the spec formats times: yyyy-MM-dd HH:mm:ss. */
export function formatAuditTime(iso: string): string {
  return formatTimestamp(iso);
}

/** Who or what the action was about: the username when the details carry it. */
export function formatAuditTarget(entry: AuditEntry): string {
  const username = entry.details?.username;
  if (entry.targetType === 'user' && typeof username === 'string') return `user ${username}`;
  return [entry.targetType, entry.targetId].filter(Boolean).join(' ') || '-';
}

const show = (value: unknown): string =>
  typeof value === 'string' ? value : value === null ? 'none' : JSON.stringify(value);

/** The details as "key: value" pairs (the target's username is already in the target column). */
export function formatAuditDetails(entry: AuditEntry): string {
  if (!entry.details) return '-';
  const pairs = Object.entries(entry.details)
    .filter(([key]) => !(key === 'username' && entry.targetType === 'user'))
    .map(([key, value]) => `${key}: ${show(value)}`);
  return pairs.length ? pairs.join(', ') : '-';
}
