import type { TAddress } from '@caravan/contracts';
import { Fragment } from 'react';
import { findTextDirection } from '../../lib/bidi';
import { useCountryName } from '../../lib/country-name';

/**
 * Consignee, phone and the address on two lines; phone digits stay left-to-right. Each part keeps its own direction
 * (run together, "Strasse 1, Berlin, ألمانيا 10115" showed the postcode before the country), and the line runs in
 * the direction of what the buyer typed: a Latin street and city read left to right with a comma after each part
 * also in an Arabic page, where the line laid out right to left read "Berlin ,Berlin ,Invalidenstrasse 1". It
 * still starts on the page's side (an inline run inside the page's block).
 */
export function AddressText({ address }: { address: TAddress }) {
  const countryName = useCountryName();
  const typed = [address.detail, address.city, address.stateName || address.state];
  const parts = [...typed, countryName(address.country, address.countryName)].filter(Boolean);
  return (
    <div>
      <strong>
        <bdi>{address.consignee}</bdi>
      </strong>{' '}
      <span dir="ltr" className="cv-muted">
        {address.areaCode} {address.phone}
      </span>
      <div>
        <span dir={findTextDirection(typed.join(' '))}>
          {parts.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts have a fixed order and may repeat (city, state)
            <Fragment key={index}>
              {index > 0 && ', '}
              <bdi>{part}</bdi>
            </Fragment>
          ))}{' '}
          <bdi dir="ltr">{address.postcode}</bdi>
        </span>
      </div>
    </div>
  );
}
