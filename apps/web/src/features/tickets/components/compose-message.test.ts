import type { Role } from '@stellar/shared';
import { describe, expect, it } from 'vitest';
import {
  canChooseSendAs,
  defaultSendAs,
  isSendable,
  prepareMessage,
  USER_MISSING,
} from './compose-message';

const member = { username: 'alice', role: 'Member' };
const support = { username: 'sam', role: 'Support' };

describe('the empty-message guard', () => {
  it.each(['', ' ', '   ', '\n\t  \n'])('never sends %j', (text) => {
    expect(isSendable(text)).toBe(false);
    expect(prepareMessage(text, member, 'Username')).toEqual({ kind: 'empty' });
    // Not even the missing-user message: an empty message is simply not sent.
    expect(prepareMessage(text, null, 'Username')).toEqual({ kind: 'empty' });
  });

  it('asks for a refresh when the user is not loaded', () => {
    expect(prepareMessage('hello', null, 'Username')).toEqual({
      kind: 'error',
      message: 'User data is missing. Please refresh the page.',
    });
    expect(USER_MISSING).toBe('User data is missing. Please refresh the page.');
  });

  it('sends the trimmed text as the member themselves', () => {
    expect(prepareMessage('  hi there \n', member, 'Username')).toEqual({
      kind: 'ready',
      body: { sender: 'alice', role: 'Username', message: 'hi there' },
    });
  });
});

describe('send as', () => {
  it.each<[Role | 'support' | null, 'Username' | 'Support', boolean]>([
    ['Member', 'Username', false],
    ['Reseller', 'Username', false],
    ['Support', 'Support', true],
    ['support', 'Support', true],
    ['Admin', 'Support', true],
    ['Owner', 'Support', true],
    [null, 'Username', false],
  ])('%s defaults to %s (selector: %s)', (role, expected, selector) => {
    expect(defaultSendAs(role)).toBe(expected);
    expect(canChooseSendAs(role)).toBe(selector);
  });

  it('lets staff send as Support or as their username', () => {
    expect(prepareMessage('On it', support, 'Support')).toMatchObject({
      body: { sender: 'Support', role: 'Support' },
    });
    expect(prepareMessage('On it', support, 'Username')).toMatchObject({
      body: { sender: 'sam', role: 'Username' },
    });
  });

  it('never lets a member send as Support', () => {
    expect(prepareMessage('hi', member, 'Support')).toMatchObject({
      body: { sender: 'alice', role: 'Username' },
    });
  });
});
