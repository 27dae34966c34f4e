import {
  HOME_PIN_SECTION_NAMES,
  HOME_PINS_MAX,
  type THomePinSection,
  type THomePins,
} from '@caravan/contracts';
import { Alert, Button, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/console/load-error';
import { ItemList, ItemListItem } from '../../../components/ui/item-list';
import { captureRemovalPlace, REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { toast, toastError } from '../../../lib/toast';
import { useHomePinCandidates, useHomePins, useSaveHomePins } from '../api/catalog-api';

type TPinnedItem = THomePins['items'][number];

function SectionPins({ section, items }: { section: THomePinSection; items: TPinnedItem[] }) {
  const { t, i18n } = useTranslation(['console', 'common']);
  const listRef = useRef<HTMLDivElement>(null);
  const [keyword, setKeyword] = useState('');
  const candidates = useHomePinCandidates(section, keyword, i18n.language);
  const save = useSaveHomePins();
  const ids = items.map((item) => item.id);

  const store = async (targetIds: string[]) => {
    try {
      await save.mutateAsync({ section, targetIds });
      toast.success(t('common:success.operationSucceeded'));
      return true;
    } catch (error) {
      toastError(error, t('common:errors.generic'));
      return false;
    }
  };
  // The buttons stay focusable while a change is saved (a disabled button lost the focus to the page's start, QA);
  // a press meanwhile is ignored.
  const move = async (index: number, step: -1 | 1) => {
    if (save.isPending) {
      return;
    }
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(index + step, 0, moved!);
    if (await store(next)) {
      // The moved item's same button, or its other one at the list's end, keeps the focus for the next press.
      const buttons = (direction: string) =>
        listRef.current?.querySelector<HTMLButtonElement>(`[data-pin="${moved}"][data-move="${direction}"]`);
      const same = buttons(step < 0 ? 'up' : 'down');
      (same && !same.disabled ? same : buttons(step < 0 ? 'down' : 'up'))?.focus();
    }
  };

  return (
    <>
      <Space wrap className="cv-console__filters">
        <Select<string>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          value={null}
          style={{ width: 360 }}
          aria-label={t('catalog.pinSearch')}
          placeholder={t('catalog.pinSearch')}
          loading={candidates.isFetching}
          disabled={ids.length >= HOME_PINS_MAX || save.isPending}
          notFoundContent={t('catalog.pinNothingFound')}
          options={(candidates.data ?? [])
            .filter((c) => !ids.includes(c.id))
            .map((c) => ({ value: c.id, label: `${c.name} · #${c.id}` }))}
          onChange={(id) => void store([...ids, id])}
        />
        <span>{t('catalog.pinsMax', { max: HOME_PINS_MAX })}</span>
      </Space>
      <div ref={listRef} {...REMOVAL_LIST_PROPS}>
        <ItemList<TPinnedItem>
          isBordered
          items={items}
          itemKey={(item) => item.id}
          emptyText={t('catalog.pinsEmpty')}
          renderItem={(item, index) => (
            <ItemListItem
              actions={[
                <Button
                  key="up"
                  size="small"
                  data-pin={item.id}
                  data-move="up"
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  {t('catalog.moveUp')}
                </Button>,
                <Button
                  key="down"
                  size="small"
                  data-pin={item.id}
                  data-move="down"
                  disabled={index === items.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  {t('catalog.moveDown')}
                </Button>,
                <Button
                  key="unpin"
                  size="small"
                  danger
                  data-removal-focus
                  onClick={() => {
                    if (!save.isPending) {
                      captureRemovalPlace(document.activeElement)?.focusNeighbourOnceRemoved();
                      void store(ids.filter((id) => id !== item.id));
                    }
                  }}
                >
                  {t('catalog.unpin')}
                </Button>,
              ]}
            >
              <Space wrap>
                <span dir="ltr">{index + 1}.</span>
                <bdi>{item.name}</bdi>
                {/* A deleted item has no name but its id: not said twice ("#13 #13"). */}
                {item.name !== `#${item.id}` && (
                  <Typography.Text type="secondary">
                    <bdi dir="ltr">#{item.id}</bdi>
                  </Typography.Text>
                )}
                {!item.isShown && <Tag color="warning">{t('catalog.pinNotShown')}</Tag>}
              </Space>
            </ItemListItem>
          )}
        />
      </div>
    </>
  );
}

/** The home sections of SPEC §2: staff pin items in order; the storefront fills the rest automatically. */
export function HomePinsTab() {
  const { t, i18n } = useTranslation(['console', 'common']);
  const pins = useHomePins(i18n.language);
  if (pins.isError) {
    return <LoadError onRetry={() => void pins.refetch()} />;
  }
  return (
    <>
      <Alert type="info" showIcon className="cv-console__note" title={t('catalog.pinsIntro')} />
      <Tabs
        tabPlacement="start"
        items={HOME_PIN_SECTION_NAMES.map((section) => ({
          key: section,
          label: t(`catalog.sections.${section}`),
          children: (
            <SectionPins
              section={section}
              items={pins.data?.find((s) => s.section === section)?.items ?? []}
            />
          ),
        }))}
      />
    </>
  );
}
