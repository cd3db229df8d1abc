import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/test/api-mock';
import { MessageComposer } from './message-composer';

afterEach(() => vi.unstubAllGlobals());

const support = { username: 'helper', role: 'Support' as const };

function renderComposer() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MessageComposer ticketId="t1" user={support} />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Message' });
}

describe('MessageComposer', () => {
  it('clears the message once it is sent', async () => {
    const fetchMock = mockApi({
      'POST /tickets/t1/chats': ({ body }) =>
        Response.json(
          { _id: 'c1', timestamp: '2026-11-25T21:00:00.000Z', ...(body as object) },
          { status: 201 },
        ),
    });
    const box = renderComposer();
    await userEvent.type(box, 'First message{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(callsTo(fetchMock, 'POST /tickets/t1/chats')).toHaveLength(1);
  });

  it('keeps a next message typed while the first one was on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      'POST /tickets/t1/chats': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const box = renderComposer();
    await userEvent.type(box, 'First message{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /tickets/t1/chats')).toHaveLength(1));
    await userEvent.clear(box);
    await userEvent.type(box, 'Second message');
    answer(
      Response.json(
        {
          _id: 'c1',
          sender: 'Support',
          role: 'Support',
          message: 'First message',
          timestamp: '2026-11-25T21:00:00.000Z',
        },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(box).toHaveValue('Second message');
  });
});
