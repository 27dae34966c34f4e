import { CHAT_TEXT_MAX } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { captureErrorToasts } from '../../../testing/toasts';
import { ConversationView } from './conversation-view';

const EMPTY_HISTORY = { messages: [], hasMore: false };

function stubChatServer(sendAnswer: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'POST' && url.endsWith('/messages')) {
        sent.push(JSON.parse(String(init.body)));
        return sendAnswer();
      }
      if (url.endsWith('/read')) {
        return jsonResponse({ unread: 0 });
      }
      return jsonResponse(EMPTY_HISTORY);
    }),
  );
  return sent;
}

async function renderConversation() {
  await renderWithQueries(
    <ConversationView scope="buyer" conversationId="7" socket={null} isSocketOpen={false} />,
  );
  return (await screen.findByRole('textbox', { name: 'Type a message' })) as HTMLTextAreaElement;
}

describe('ConversationView composer', () => {
  setUpComponentTests({ chat });

  it('puts a refused message back into the composer, so nothing typed is lost', async () => {
    const errors = captureErrorToasts();
    const sent = stubChatServer(() =>
      jsonResponse(
        { error: { code: 'TOO_FREQUENT', message: 'Operation too frequent, please try again later' } },
        429,
      ),
    );
    const composer = await renderConversation();
    fireEvent.change(composer, { target: { value: 'Is the blue one in stock?' } });
    await act(async () => {
      fireEvent.keyDown(composer, { key: 'Enter', code: 'Enter' });
    });
    await waitFor(() =>
      expect(sent).toEqual([expect.objectContaining({ content: 'Is the blue one in stock?' })]),
    );
    await waitFor(() => expect(composer.value).toBe('Is the blue one in stock?'));
    expect(errors).toContain('Operation too frequent, please try again later');
    expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);
  });

  it('keeps a text over the limit whole, shows the count and does not send it', async () => {
    const errors = captureErrorToasts();
    const sent = stubChatServer(() => jsonResponse({ data: {} }));
    const composer = await renderConversation();
    const long = 'x'.repeat(CHAT_TEXT_MAX + 500);
    fireEvent.change(composer, { target: { value: long } });
    expect(composer.value).toHaveLength(CHAT_TEXT_MAX + 500);
    expect(screen.getByText(`${CHAT_TEXT_MAX + 500} / ${CHAT_TEXT_MAX}`)).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(composer, { key: 'Enter', code: 'Enter' });
    });
    expect(sent).toEqual([]);
    expect(composer.value).toHaveLength(CHAT_TEXT_MAX + 500);
    expect(errors).toEqual(['Please enter a message of at most 2000 characters']);
  });

  it('sends nothing for a message of only invisible characters', async () => {
    const sent = stubChatServer(() => jsonResponse({ data: {} }));
    const composer = await renderConversation();
    fireEvent.change(composer, { target: { value: '\u200b \u200d' } });
    await act(async () => {
      fireEvent.keyDown(composer, { key: 'Enter', code: 'Enter' });
    });
    expect(sent).toEqual([]);
  });
});
