import { SUPPORT_SENDER, type ChatRole, type SendChatBody } from '@stellar/shared';
import { isStaff } from '@/lib/roles';

/** The spec's chat texts. */
export const USER_MISSING = 'User data is missing. Please refresh the page.';
export const SEND_FAILED = 'Failed to send message.';

/** Support, Admin and Owner choose to send as themselves ("Username") or as "Support". */
export const canChooseSendAs = (role: string | null | undefined): boolean => isStaff(role);

/** Staff answer as "Support" unless they choose otherwise; everyone else as themselves. */
export const defaultSendAs = (role: string | null | undefined): ChatRole =>
  canChooseSendAs(role) ? 'Support' : 'Username';

/** An empty or whitespace-only message is never sent. */
export const isSendable = (text: string): boolean => text.trim() !== '';

export type PreparedMessage =
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; body: Required<Pick<SendChatBody, 'sender' | 'role' | 'message'>> };

/**
 * What the Send button does with the input: nothing for an empty message, the spec's error without
 * a loaded user, else the body of POST /tickets/{id}/chats. Only staff may send as "Support".
 */
export function prepareMessage(
  text: string,
  user: { username: string; role: string } | null | undefined,
  sendAs: ChatRole,
): PreparedMessage {
  if (!isSendable(text)) return { kind: 'empty' };
  if (!user) return { kind: 'error', message: USER_MISSING };
  const role: ChatRole = canChooseSendAs(user.role) ? sendAs : 'Username';
  return {
    kind: 'ready',
    body: {
      sender: role === 'Support' ? SUPPORT_SENDER : user.username,
      role,
      message: text.trim(),
    },
  };
}
