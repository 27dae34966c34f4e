// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ${...} are Ant Design's form-validation placeholders.
/**
 * Ant Design's built-in component texts in Filipino (date pickers, pagination, tables, modals, uploads, form
 * validation...). Ant Design ships no Filipino locale, so this one starts from its English and replaces every
 * text; formats stay English's (ISO dates), and dayjs's `tl-ph` locale supplies the month and weekday names.
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';

const enDatePicker = enUS.DatePicker!;

const timePicker: NonNullable<Locale['DatePicker']>['timePickerLocale'] = {
  placeholder: 'Pumili ng oras',
  rangePlaceholder: ['Oras ng simula', 'Oras ng pagtatapos'],
};

const datePicker: NonNullable<Locale['DatePicker']> = {
  ...enDatePicker,
  lang: {
    ...enDatePicker.lang,
    // The picker hands this to dayjs (up to any `_`) for month and weekday names; dayjs has `tl-ph`, not `fil`.
    locale: 'tl-ph',
    placeholder: 'Pumili ng petsa',
    yearPlaceholder: 'Pumili ng taon',
    quarterPlaceholder: 'Pumili ng kuwarter',
    monthPlaceholder: 'Pumili ng buwan',
    weekPlaceholder: 'Pumili ng linggo',
    rangePlaceholder: ['Petsa ng simula', 'Petsa ng pagtatapos'],
    rangeYearPlaceholder: ['Taon ng simula', 'Taon ng pagtatapos'],
    rangeQuarterPlaceholder: ['Kuwarter ng simula', 'Kuwarter ng pagtatapos'],
    rangeMonthPlaceholder: ['Buwan ng simula', 'Buwan ng pagtatapos'],
    rangeWeekPlaceholder: ['Linggo ng simula', 'Linggo ng pagtatapos'],
    today: 'Ngayong araw',
    now: 'Ngayon',
    backToToday: 'Bumalik sa ngayong araw',
    ok: 'OK',
    clear: 'Burahin',
    week: 'Linggo',
    month: 'Buwan',
    year: 'Taon',
    timeSelect: 'Pumili ng oras',
    dateSelect: 'Pumili ng petsa',
    weekSelect: 'Pumili ng linggo',
    monthSelect: 'Pumili ng buwan',
    yearSelect: 'Pumili ng taon',
    decadeSelect: 'Pumili ng dekada',
    previousMonth: 'Nakaraang buwan',
    nextMonth: 'Susunod na buwan',
    previousYear: 'Nakaraang taon',
    nextYear: 'Susunod na taon',
    previousDecade: 'Nakaraang dekada',
    nextDecade: 'Susunod na dekada',
    previousCentury: 'Nakaraang siglo',
    nextCentury: 'Susunod na siglo',
  },
  timePickerLocale: {
    ...enDatePicker.timePickerLocale,
    ...timePicker,
  },
};

const typeTemplate = 'Hindi wastong ${type} ang ${label}';

const ph: Locale = {
  ...enUS,
  locale: 'fil',
  Pagination: {
    ...enUS.Pagination,
    items_per_page: '/ pahina',
    jump_to: 'Pumunta sa',
    jump_to_confirm: 'kumpirmahin',
    page: 'Pahina',
    prev_page: 'Nakaraang pahina',
    next_page: 'Susunod na pahina',
    prev_5: 'Nakaraang 5 pahina',
    next_5: 'Susunod na 5 pahina',
    prev_3: 'Nakaraang 3 pahina',
    next_3: 'Susunod na 3 pahina',
    page_size: 'Laki ng pahina',
  },
  DatePicker: datePicker,
  TimePicker: {
    ...enUS.TimePicker,
    ...timePicker,
  },
  Calendar: datePicker,
  global: {
    ...enUS.global,
    placeholder: 'Pakipili',
    close: 'Isara',
    sortable: 'maaaring pagsunud-sunurin',
    show: 'Ipakita',
    hide: 'Itago',
  },
  Table: {
    ...enUS.Table,
    filterTitle: 'Menu ng filter',
    filterConfirm: 'OK',
    filterReset: 'I-reset',
    filterEmptyText: 'Walang filter',
    filterCheckAll: 'Piliin ang lahat ng item',
    filterSearchPlaceholder: 'Maghanap sa mga filter',
    emptyText: 'Walang data',
    selectAll: 'Piliin ang kasalukuyang pahina',
    selectInvert: 'Baligtarin ang pinili sa kasalukuyang pahina',
    selectNone: 'Alisin ang lahat ng pinili',
    selectionAll: 'Piliin ang lahat ng data',
    sortTitle: 'Pagsunud-sunurin',
    expand: 'Palawakin ang hilera',
    collapse: 'Paliitin ang hilera',
    triggerDesc: 'I-click para pagsunud-sunurin nang pababa',
    triggerAsc: 'I-click para pagsunud-sunurin nang pataas',
    cancelSort: 'I-click para kanselahin ang pagsunud-sunod',
  },
  Tour: {
    ...enUS.Tour,
    Next: 'Susunod',
    Previous: 'Nakaraan',
    Finish: 'Tapusin',
  },
  Modal: {
    ...enUS.Modal,
    okText: 'OK',
    cancelText: 'Kanselahin',
    justOkText: 'OK',
  },
  Popconfirm: {
    ...enUS.Popconfirm,
    okText: 'OK',
    cancelText: 'Kanselahin',
  },
  Transfer: {
    ...enUS.Transfer,
    titles: ['', ''],
    searchPlaceholder: 'Maghanap dito',
    itemUnit: 'item',
    itemsUnit: 'item',
    remove: 'Alisin',
    selectCurrent: 'Piliin ang kasalukuyang pahina',
    removeCurrent: 'Alisin ang kasalukuyang pahina',
    selectAll: 'Piliin ang lahat ng data',
    deselectAll: 'Alisin ang pagkakapili sa lahat ng data',
    removeAll: 'Alisin ang lahat ng data',
    selectInvert: 'Baligtarin ang pinili sa kasalukuyang pahina',
  },
  Upload: {
    ...enUS.Upload,
    uploading: 'Ina-upload...',
    removeFile: 'Alisin ang file',
    uploadError: 'Nabigo ang pag-upload',
    previewFile: 'I-preview ang file',
    downloadFile: 'I-download ang file',
  },
  Empty: {
    ...enUS.Empty,
    description: 'Walang data',
  },
  Icon: {
    ...enUS.Icon,
    icon: 'icon',
  },
  Text: {
    ...enUS.Text,
    edit: 'I-edit',
    copy: 'Kopyahin',
    copied: 'Nakopya na',
    expand: 'Palawakin',
    collapse: 'Paliitin',
  },
  Carousel: {
    ...enUS.Carousel,
    prevSlide: 'Nakaraang slide',
    nextSlide: 'Susunod na slide',
  },
  Form: {
    ...enUS.Form,
    optional: '(opsyonal)',
    defaultValidateMessages: {
      default: 'May error sa pag-validate ng ${label}',
      required: 'Pakilagay ang ${label}',
      enum: 'Ang ${label} ay dapat isa sa [${enum}]',
      whitespace: 'Hindi maaaring puro espasyo ang ${label}',
      date: {
        format: 'Hindi wasto ang format ng petsa ng ${label}',
        parse: 'Hindi ma-convert sa petsa ang ${label}',
        invalid: 'Hindi wastong petsa ang ${label}',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: 'Dapat ay ${len} character ang ${label}',
        min: 'Dapat ay hindi bababa sa ${min} character ang ${label}',
        max: 'Dapat ay hindi hihigit sa ${max} character ang ${label}',
        range: 'Dapat ay nasa pagitan ng ${min} at ${max} character ang ${label}',
      },
      number: {
        len: 'Dapat ay katumbas ng ${len} ang ${label}',
        min: 'Dapat ay hindi bababa sa ${min} ang ${label}',
        max: 'Dapat ay hindi hihigit sa ${max} ang ${label}',
        range: 'Dapat ay nasa pagitan ng ${min} at ${max} ang ${label}',
      },
      array: {
        len: 'Dapat ay ${len} ang ${label}',
        min: 'Hindi bababa sa ${min} ang ${label}',
        max: 'Hindi hihigit sa ${max} ang ${label}',
        range: 'Ang bilang ng ${label} ay dapat nasa pagitan ng ${min} at ${max}',
      },
      pattern: {
        mismatch: 'Hindi tugma ang ${label} sa pattern na ${pattern}',
      },
    },
  },
  QRCode: {
    ...enUS.QRCode,
    expired: 'Nag-expire na ang QR code',
    refresh: 'I-refresh',
    scanned: 'Na-scan na',
  },
  ColorPicker: {
    ...enUS.ColorPicker,
    presetEmpty: 'Walang laman',
    transparent: 'Transparent',
    singleColor: 'Iisang kulay',
    gradientColor: 'Gradient',
  },
};

export default ph;
