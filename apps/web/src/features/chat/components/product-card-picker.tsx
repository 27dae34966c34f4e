import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { SearchInput } from '../../../components/ui/search-input';
import { chatApi, type TPickableProduct } from '../api/chat-api';

/**
 * "Send a product" beside an agent's or a shop's composer: finds products on sale by keyword (an agent in the
 * storefront's search, a shop among its own) and hands the chosen one's id to the conversation, which sends it as a
 * product card.
 */
export function ProductCardPicker({
  scope,
  onPick,
}: {
  scope: 'cs' | 'seller';
  onPick: (productId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const [isOpen, setOpen] = useState(false);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const results = useQuery({
    queryKey: ['chat', 'product-picker', scope, keyword],
    queryFn: ({ signal }) => chatApi.searchProducts(scope, keyword, signal),
    enabled: isOpen && keyword !== '',
  });
  const pick = (product: TPickableProduct) => {
    onPick(product.id);
    setOpen(false);
  };
  return (
    <>
      {/* Named by its visible text (voice control says what it sees), described by the longer one. */}
      <Button title={t('productPicker.open')} onClick={() => setOpen(true)}>
        {t('productPicker.short')}
      </Button>
      <Modal
        open={isOpen}
        title={t('productPicker.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        afterClose={() => {
          setKeywordInput('');
          setKeyword('');
        }}
      >
        <SearchInput
          autoFocus
          allowClear
          maxLength={100}
          aria-label={t('productPicker.search')}
          placeholder={t('productPicker.search')}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => setKeyword(value.trim())}
        />
        <div className="cv-chat-picker__results" aria-live="polite" aria-busy={results.isFetching}>
          {keyword === '' ? (
            <p className="cv-muted">{t('productPicker.hint')}</p>
          ) : results.isError ? (
            <LoadError onRetry={() => void results.refetch()} />
          ) : results.isPending ? (
            <Spin />
          ) : results.data.length === 0 ? (
            <Empty description={t('productPicker.none', { keyword })} />
          ) : (
            <ul className="cv-chat-picker__list">
              {results.data.map((product) => (
                <li key={product.id} className="cv-chat-picker__item">
                  {product.image ? (
                    <img src={product.image.url} alt="" width={40} height={40} />
                  ) : (
                    <span className="cv-chat-picker__no-image" />
                  )}
                  <span className="cv-chat-picker__text">
                    <bdi className="cv-chat-picker__name">{product.name}</bdi>
                    <span className="cv-muted">
                      <MoneyText value={product.price} />
                      {product.storeName && (
                        <>
                          {' · '}
                          <bdi>{product.storeName}</bdi>
                        </>
                      )}
                    </span>
                  </span>
                  <Button
                    type="primary"
                    size="small"
                    aria-label={t('productPicker.sendNamed', { name: product.name })}
                    onClick={() => pick(product)}
                  >
                    {t('productPicker.send')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Modal>
    </>
  );
}
