import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import type { TSocketEvent } from '../lib/chat-socket';
import { useCsMenuCounts } from './use-cs-menu-counts';

const socket = vi.hoisted(() => ({
  onEvent: null as ((event: { type: string }) => void) | null,
  opened: [] as string[],
}));

vi.mock('../lib/use-console-socket', () => ({
  useConsoleSocket: (as: string, onEvent: (event: TSocketEvent) => void) => {
    socket.opened.push(as);
    socket.onEvent = onEvent;
    return { socket: null, isOpen: false };
  },
}));

function CountsProbe() {
  return <p data-testid="counts">{JSON.stringify(useCsMenuCounts())}</p>;
}

describe('useCsMenuCounts', () => {
  setUpComponentTests();
  let unread = { waiting: 0, mine: 1 };
  const requested: string[] = [];
  beforeEach(() => {
    requested.length = 0;
    socket.opened.length = 0;
    unread = { waiting: 0, mine: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        requested.push(String(input));
        return String(input).includes('/cs/unread') ? jsonResponse(unread) : jsonResponse({ data: {} });
      }),
    );
  });

  it("counts waiting conversations plus the agent's own unread ones beside Conversations, live from the socket", async () => {
    await renderWithQueries(<CountsProbe />, '/cs/insights');
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('{"conversations":1}'));
    expect(socket.opened).toContain('staff');

    // A buyer writes while the agent reads another console page: the count follows without waiting for the poll.
    unread = { waiting: 2, mine: 3 };
    socket.onEvent?.({ type: 'message' });
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('{"conversations":5}'));
    expect(requested.filter((url) => url.includes('/cs/unread'))).toHaveLength(2);
  });
});
