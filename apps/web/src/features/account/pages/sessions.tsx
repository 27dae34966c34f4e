import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { TDeviceSession, TDeviceSessionsResponse } from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { DateTimeInSentence } from '../../../components/ui/date-time-text';
import { ItemList, ItemListItem, ItemListMeta } from '../../../components/ui/item-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageFrame } from '../../../components/ui/page-frame';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { api } from '../../../lib/api';
import { isolateText } from '../../../lib/bidi';
import { useCountryName } from '../../../lib/country-name';
import { toast, toastError } from '../../../lib/toast';
import { SETUP_CRUMBS } from '../components/setup-crumbs';

const SESSIONS_KEY = ['account', 'sessions'] as const;
const PAGE_SIZE = 10;

function deviceName(device: TDeviceSession, unknown: string, on: (browser: string, os: string) => string) {
  if (device.browser && device.os) {
    return on(device.browser, device.os);
  }
  return device.browser || device.os || unknown;
}

/**
 * Where the device signed in from: the country in the reader's language, or a whole sentence for the local
 * network and for an unknown place (translators get full sentences, not a word put into "From ...").
 */
function placeText(
  device: TDeviceSession,
  countryName: (code: string) => string,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  if (device.countryCode) {
    return t('sessions.place', { place: countryName(device.countryCode) });
  }
  return t(device.isLocalNetwork ? 'sessions.placeLocalNetwork' : 'sessions.placeUnknown');
}

/** /userInfo/setup/sessions: signed-in devices (browser, place, last seen); sign out one or all others. */
export default function SessionsPage() {
  const { t } = useTranslation(['services', 'common']);
  const queryClient = useQueryClient();
  const countryName = useCountryName();
  const devices = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await api.get<TDeviceSessionsResponse>('/account/sessions')).list,
  });
  const onError = (error: unknown) => toastError(error, t('sessions.failed'));
  const signOutOne = useMutation({
    mutationFn: (id: string) => api.delete(`/account/sessions/${id}`),
    onSuccess: async () => {
      toast.success(t('sessions.signedOut'));
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError,
  });
  const signOutOthers = useMutation({
    mutationFn: () => api.post<{ signedOut: number }>('/account/sessions/sign-out-others'),
    onSuccess: async (result) => {
      toast.success(t('sessions.othersSignedOut', { count: result.signedOut }));
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError,
  });
  const list = devices.data ?? [];
  const hasOthers = list.some((d) => !d.isCurrent);
  return (
    <PageFrame titleKey="routes.sessions" crumbs={SETUP_CRUMBS}>
      <Card
        extra={
          <ConfirmPopover
            title={t('sessions.confirmOthers')}
            okText={t('sessions.signOutOthers')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => signOutOthers.mutate()}
            disabled={!hasOthers}
          >
            <Button danger disabled={!hasOthers} loading={signOutOthers.isPending}>
              {t('sessions.signOutOthers')}
            </Button>
          </ConfirmPopover>
        }
        title={t('sessions.intro')}
      >
        {devices.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
        {devices.isError && (
          <LoadError message={devices.error.message} onRetry={() => void devices.refetch()} />
        )}
        <div {...REMOVAL_LIST_PROPS}>
          {devices.data && list.length === 0 && <Empty description={t('sessions.empty')} />}
          {list.length > 0 && (
            <ItemList<TDeviceSession>
              items={list}
              itemKey={(device) => device.id}
              paging={{ pageSize: PAGE_SIZE, size: 'small' }}
              renderItem={(device) => (
                <ItemListItem
                  data-testid="device-row"
                  actions={
                    device.isCurrent
                      ? [
                          <Tag key="current" color="blue">
                            {t('sessions.current')}
                          </Tag>,
                        ]
                      : [
                          <ConfirmPopover
                            key="out"
                            title={t('sessions.confirmOne')}
                            okText={t('sessions.signOut')}
                            cancelText={t('common:actions.cancel')}
                            onConfirm={() => signOutOne.mutate(device.id)}
                          >
                            <Button size="small" data-removal-focus>
                              {t('sessions.signOut')}
                            </Button>
                          </ConfirmPopover>,
                        ]
                  }
                >
                  <ItemListMeta
                    avatar={
                      /iOS|Android/.test(device.os) ? (
                        <MobileOutlined aria-hidden />
                      ) : (
                        <DesktopOutlined aria-hidden />
                      )
                    }
                    title={
                      // A sentence of the page's language with the names isolated in it: the whole in one <bdi> took
                      // the direction of its first letter, and Arabic read "Chrome على Linux" left to right.
                      <span data-testid="device-name">
                        {deviceName(device, t('sessions.unknownDevice'), (browser, os) =>
                          t('sessions.browserOn', { browser: isolateText(browser), os: isolateText(os) }),
                        )}
                      </span>
                    }
                    description={
                      <>
                        <span data-testid="device-place">{placeText(device, countryName, t)}</span>
                        {device.place && (
                          <>
                            {' '}
                            <bdi className="cv-muted" dir="ltr">
                              ({device.place})
                            </bdi>
                          </>
                        )}{' '}
                        ·{' '}
                        <DateTimeInSentence
                          value={device.lastSeenAt}
                          sentence={(time) => t('sessions.lastSeen', { time })}
                        />
                      </>
                    }
                  />
                </ItemListItem>
              )}
            />
          )}
        </div>
      </Card>
    </PageFrame>
  );
}
