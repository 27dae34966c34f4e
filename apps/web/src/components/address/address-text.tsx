import type { TAddress } from '@caravan/contracts';
import { Fragment } from 'react';
import { useCountryName } from '../../lib/country-name';

/**
 * Consignee, phone and the address on two lines; phone digits stay left-to-right. Each part keeps its own direction
 * (a Latin street in an Arabic page): run together, "Strasse 1, Berlin, ألمانيا 10115" showed its comma at the start
 * of the next line and the postcode before the country.
 */
export function AddressText({ address }: { address: TAddress }) {
  const countryName = useCountryName();
  const parts = [
    address.detail,
    address.city,
    address.stateName || address.state,
    countryName(address.country, address.countryName),
  ].filter(Boolean);
  return (
    <div>
      <strong>
        <bdi>{address.consignee}</bdi>
      </strong>{' '}
      <span dir="ltr" className="cv-muted">
        {address.areaCode} {address.phone}
      </span>
      <div>
        {parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts have a fixed order and may repeat (city, state)
          <Fragment key={index}>
            {index > 0 && ', '}
            <bdi>{part}</bdi>
          </Fragment>
        ))}{' '}
        <bdi dir="ltr">{address.postcode}</bdi>
      </div>
    </div>
  );
}
