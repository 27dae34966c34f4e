import { CHAT_TEXT_MAX } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { captureErrorToasts } from '../../../testing/toasts';
import { stubUploadRequests } from '../../../testing/upload-requests';
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

/** The server's answer to a sent message: the message as stored. */
function stubEchoingServer() {
  const sent: unknown[] = stubChatServer(() => {
    const body = sent.at(-1) as { type: string; content: string; clientId: string };
    return jsonResponse({
      ...body,
      id: String(sent.length),
      conversationId: '7',
      send_receive: 'send',
      sender: 'buyer',
      createtime: new Date().toISOString(),
      isDelivered: false,
      isRead: false,
      product: null,
      order: null,
    });
  });
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

  it('hands the focus back to the box once Send is clicked, so the writer goes on typing (QA)', async () => {
    const sent = stubEchoingServer();
    const composer = await renderConversation();
    fireEvent.change(composer, { target: { value: 'Hello' } });
    const send = screen.getByRole('button', { name: chat.composer.send });
    send.focus();
    await act(async () => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ content: 'Hello' })]));
    expect(document.activeElement).toBe(composer);
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

  describe('a chosen picture', () => {
    const PICTURE = { url: '/uploads/chat/parcel.png', width: 64, height: 48, srcset: '' };
    const choose = (name = 'parcel.png') =>
      fireEvent.change(screen.getByTestId('chat-image-input'), {
        target: { files: [new File(['png'], name, { type: 'image/png' })] },
      });
    const send = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      });
    };

    it('waits above the composer with its thumbnail and progress, and is posted only by Send', async () => {
      const requests = stubUploadRequests();
      const sent = stubEchoingServer();
      await renderConversation();
      choose();
      // The file itself is shown at once, beside the upload's progress.
      expect(screen.getByRole('img', { name: 'Chosen picture parcel.png' }).getAttribute('src')).toMatch(
        /^blob:/,
      );
      act(() => requests[0]!.progress(30, 100));
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
      await act(async () => requests[0]!.answer(201, PICTURE));
      expect(await screen.findByText('Ready to send')).toBeTruthy();
      // Uploaded, yet nobody sees it before the writer sends it.
      expect(sent).toEqual([]);
      expect(screen.queryAllByTestId('chat-message')).toHaveLength(0);

      await send();
      await waitFor(() =>
        expect(sent).toEqual([expect.objectContaining({ type: 'img', content: PICTURE.url })]),
      );
      expect(screen.queryByRole('img', { name: 'Chosen picture parcel.png' })).toBeNull();
    });

    it('is sent with the text typed beside it by the same Send', async () => {
      const requests = stubUploadRequests();
      const sent = stubEchoingServer();
      const composer = await renderConversation();
      choose();
      await act(async () => requests[0]!.answer(201, PICTURE));
      fireEvent.change(composer, { target: { value: 'This one is broken' } });
      await act(async () => {
        fireEvent.keyDown(composer, { key: 'Enter', code: 'Enter' });
      });
      await waitFor(() =>
        expect(sent).toEqual([
          expect.objectContaining({ type: 'img', content: PICTURE.url }),
          expect.objectContaining({ type: 'text', content: 'This one is broken' }),
        ]),
      );
    });

    it('can be removed before sending, and is then never posted', async () => {
      const requests = stubUploadRequests();
      const sent = stubEchoingServer();
      await renderConversation();
      choose('passport.png');
      await act(async () => requests[0]!.answer(201, PICTURE));
      fireEvent.click(await screen.findByRole('button', { name: 'Remove passport.png' }));
      expect(screen.queryByRole('img', { name: 'Chosen picture passport.png' })).toBeNull();
      await send();
      expect(sent).toEqual([]);
    });

    it('stops its upload when removed while uploading', async () => {
      const requests = stubUploadRequests();
      const sent = stubEchoingServer();
      await renderConversation();
      choose();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of parcel.png' }));
      expect(requests[0]!.isAborted).toBe(true);
      expect(screen.queryByTestId('chat-upload')).toBeNull();
      await send();
      expect(sent).toEqual([]);
    });

    it('sent while still uploading, is posted as soon as its upload ends', async () => {
      const requests = stubUploadRequests();
      const sent = stubEchoingServer();
      await renderConversation();
      choose();
      await send();
      expect(sent).toEqual([]);
      await act(async () => requests[0]!.answer(201, PICTURE));
      await waitFor(() =>
        expect(sent).toEqual([expect.objectContaining({ type: 'img', content: PICTURE.url })]),
      );
      expect(screen.queryByTestId('chat-upload')).toBeNull();
    });
  });
});
