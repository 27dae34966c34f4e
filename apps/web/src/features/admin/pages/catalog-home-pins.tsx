import {
  HOME_PIN_SECTION_NAMES,
  HOME_PINS_MAX,
  type THomePinItem,
  type THomePinSection,
} from '@caravan/contracts';
import { Alert, Button, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/console/load-error';
import { ItemList, ItemListItem } from '../../../components/ui/item-list';
import { toast, toastError } from '../../../lib/toast';
import { useHomePinCandidates, useHomePins, useSaveHomePins } from '../api/catalog-api';

function SectionPins({ section, items }: { section: THomePinSection; items: THomePinItem[] }) {
  const { t, i18n } = useTranslation(['console', 'common']);
  const [keyword, setKeyword] = useState('');
  const candidates = useHomePinCandidates(section, keyword, i18n.language);
  const save = useSaveHomePins();
  const ids = items.map((item) => item.id);

  const store = async (targetIds: string[]) => {
    try {
      await save.mutateAsync({ section, targetIds });
      toast.success(t('common:success.operationSucceeded'));
    } catch (error) {
      toastError(error, t('common:errors.generic'));
    }
  };
  const move = (index: number, step: -1 | 1) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    void store(next);
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
      <ItemList<THomePinItem>
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
                disabled={index === 0 || save.isPending}
                onClick={() => move(index, -1)}
              >
                {t('catalog.moveUp')}
              </Button>,
              <Button
                key="down"
                size="small"
                disabled={index === items.length - 1 || save.isPending}
                onClick={() => move(index, 1)}
              >
                {t('catalog.moveDown')}
              </Button>,
              <Button
                key="unpin"
                size="small"
                danger
                disabled={save.isPending}
                onClick={() => void store(ids.filter((id) => id !== item.id))}
              >
                {t('catalog.unpin')}
              </Button>,
            ]}
          >
            <Space>
              <span dir="ltr">{index + 1}.</span>
              <bdi>{item.name}</bdi>
              <Typography.Text type="secondary">
                <bdi dir="ltr">#{item.id}</bdi>
              </Typography.Text>
            </Space>
          </ItemListItem>
        )}
      />
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
