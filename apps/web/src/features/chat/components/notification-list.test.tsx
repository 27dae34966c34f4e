import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, it, vi } from 'vitest';
import chatEn from '../../../locales/en/chat.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { initTestI18n } from '../../../testing/i18n';
import { expectLoadErrorThenRetry } from '../../../testing/load-error';
import { NotificationList } from './notification-list';

describe('NotificationList', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('en', 'chat', chatEn, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  failOnAntdWarnings();

  it('shows the server\'s message when the list fails and loads it again on "Try again"', async () => {
    await expectLoadErrorThenRetry(
      <NotificationList audience="buyer" page={1} onPageChange={() => undefined} />,
      {
        path: '/api/v1/notifications',
        body: { pageList: [], total: 0, pageNum: 1, pageSize: 20, unread: 0 },
        errorText: 'database is down',
        shown: chatEn.notifications.empty,
      },
    );
  });
});
