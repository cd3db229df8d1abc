import { CHAT_ROLES, type ChatRole, type CurrentUser } from '@stellar/shared';
import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSendChat } from '../api/send-chat';
import { canChooseSendAs, defaultSendAs, prepareMessage, SEND_FAILED } from './compose-message';

interface MessageComposerProps {
  ticketId: string;
  /** The signed-in user; null until loaded (sending then shows the spec's message). */
  user: Pick<CurrentUser, 'username' | 'role'> | null;
  hint?: string | undefined;
}

/** The message input, the send-as choice for staff, and Send. Enter sends, Shift+Enter breaks. */
export function MessageComposer({ ticketId, user, hint }: MessageComposerProps) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [chosenSendAs, setSendAs] = useState<ChatRole | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendChat();
  const staff = canChooseSendAs(user?.role);
  const sendAs = chosenSendAs ?? defaultSendAs(user?.role);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const prepared = prepareMessage(text, user, sendAs);
    if (prepared.kind === 'empty') {
      input.current?.focus();
      return;
    }
    if (prepared.kind === 'error') {
      setError(prepared.message);
      return;
    }
    setError(null);
    const sent = text;
    try {
      await send.mutateAsync({ ticketId, body: prepared.body });
      // Only what was sent is cleared: a next message typed while this one was on its way stays.
      setText((current) => (current === sent ? '' : current));
    } catch {
      setError(SEND_FAILED);
    }
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <Label htmlFor={`${id}-message`} className="sr-only">
        Message
      </Label>
      <Textarea
        ref={input}
        id={`${id}-message`}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Write a message..."
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="min-h-20! resize-none"
        maxLength={2000}
      />
      <div className="flex flex-wrap items-center gap-2">
        {staff ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={`${id}-send-as`} className="whitespace-nowrap text-fg-muted">
              Send as
            </Label>
            <Select
              id={`${id}-send-as`}
              value={sendAs}
              onChange={(event) => setSendAs(event.target.value as ChatRole)}
              className="h-9 w-auto"
            >
              {CHAT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <Button type="submit" disabled={send.isPending} className="ml-auto min-w-24">
          {send.isPending ? (
            <Spinner className="size-4 text-accent-fg" />
          ) : (
            <SendHorizontal aria-hidden="true" className="size-4" />
          )}
          Send
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      )}
    </form>
  );
}
