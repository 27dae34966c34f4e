// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ${...} are Ant Design's form-validation placeholders.
/**
 * Ant Design's built-in component texts in Afrikaans (date pickers, pagination, tables, modals, uploads, form
 * validation...). Ant Design ships no Afrikaans locale, so this one starts from its English and replaces every
 * text; formats stay English's (ISO dates), and dayjs's `af` locale supplies the month and weekday names.
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';

const enDatePicker = enUS.DatePicker!;

const timePicker: NonNullable<Locale['DatePicker']>['timePickerLocale'] = {
  placeholder: 'Kies tyd',
  rangePlaceholder: ['Begintyd', 'Eindtyd'],
};

const datePicker: NonNullable<Locale['DatePicker']> = {
  ...enDatePicker,
  lang: {
    ...enDatePicker.lang,
    locale: 'af_ZA',
    placeholder: 'Kies datum',
    yearPlaceholder: 'Kies jaar',
    quarterPlaceholder: 'Kies kwartaal',
    monthPlaceholder: 'Kies maand',
    weekPlaceholder: 'Kies week',
    rangePlaceholder: ['Begindatum', 'Einddatum'],
    rangeYearPlaceholder: ['Beginjaar', 'Eindjaar'],
    rangeQuarterPlaceholder: ['Beginkwartaal', 'Eindkwartaal'],
    rangeMonthPlaceholder: ['Beginmaand', 'Eindmaand'],
    rangeWeekPlaceholder: ['Beginweek', 'Eindweek'],
    today: 'Vandag',
    now: 'Nou',
    backToToday: 'Terug na vandag',
    ok: 'OK',
    clear: 'Vee uit',
    week: 'Week',
    month: 'Maand',
    year: 'Jaar',
    timeSelect: 'Kies tyd',
    dateSelect: 'Kies datum',
    weekSelect: "Kies 'n week",
    monthSelect: "Kies 'n maand",
    yearSelect: "Kies 'n jaar",
    decadeSelect: "Kies 'n dekade",
    previousMonth: 'Vorige maand',
    nextMonth: 'Volgende maand',
    previousYear: 'Vorige jaar',
    nextYear: 'Volgende jaar',
    previousDecade: 'Vorige dekade',
    nextDecade: 'Volgende dekade',
    previousCentury: 'Vorige eeu',
    nextCentury: 'Volgende eeu',
  },
  timePickerLocale: {
    ...enDatePicker.timePickerLocale,
    ...timePicker,
  },
};

const typeTemplate = "${label} is nie 'n geldige ${type} nie";

const af: Locale = {
  ...enUS,
  locale: 'af',
  Pagination: {
    ...enUS.Pagination,
    items_per_page: '/ bladsy',
    jump_to: 'Gaan na',
    jump_to_confirm: 'bevestig',
    page: 'Bladsy',
    prev_page: 'Vorige bladsy',
    next_page: 'Volgende bladsy',
    prev_5: 'Vorige 5 bladsye',
    next_5: 'Volgende 5 bladsye',
    prev_3: 'Vorige 3 bladsye',
    next_3: 'Volgende 3 bladsye',
    page_size: 'Bladsygrootte',
  },
  DatePicker: datePicker,
  TimePicker: {
    ...enUS.TimePicker,
    ...timePicker,
  },
  Calendar: datePicker,
  global: {
    ...enUS.global,
    placeholder: 'Kies asseblief',
    close: 'Maak toe',
    sortable: 'sorteerbaar',
    show: 'Wys',
    hide: 'Versteek',
  },
  Table: {
    ...enUS.Table,
    filterTitle: 'Filterkieslys',
    filterConfirm: 'OK',
    filterReset: 'Herstel',
    filterEmptyText: 'Geen filters nie',
    filterCheckAll: 'Kies alle items',
    filterSearchPlaceholder: 'Soek in filters',
    emptyText: 'Geen data nie',
    selectAll: 'Kies huidige bladsy',
    selectInvert: 'Keer keuse op huidige bladsy om',
    selectNone: 'Maak keuse skoon',
    selectionAll: 'Kies alle data',
    sortTitle: 'Sorteer',
    expand: 'Vou ry oop',
    collapse: 'Vou ry toe',
    triggerDesc: 'Klik om dalend te sorteer',
    triggerAsc: 'Klik om stygend te sorteer',
    cancelSort: 'Klik om sortering te kanselleer',
  },
  Tour: {
    ...enUS.Tour,
    Next: 'Volgende',
    Previous: 'Vorige',
    Finish: 'Voltooi',
  },
  Modal: {
    ...enUS.Modal,
    okText: 'OK',
    cancelText: 'Kanselleer',
    justOkText: 'OK',
  },
  Popconfirm: {
    ...enUS.Popconfirm,
    okText: 'OK',
    cancelText: 'Kanselleer',
  },
  Transfer: {
    ...enUS.Transfer,
    titles: ['', ''],
    searchPlaceholder: 'Soek hier',
    itemUnit: 'item',
    itemsUnit: 'items',
    remove: 'Verwyder',
    selectCurrent: 'Kies huidige bladsy',
    removeCurrent: 'Verwyder huidige bladsy',
    selectAll: 'Kies alle data',
    deselectAll: 'Ontkies alle data',
    removeAll: 'Verwyder alle data',
    selectInvert: 'Keer keuse op huidige bladsy om',
  },
  Upload: {
    ...enUS.Upload,
    uploading: 'Laai tans op...',
    removeFile: 'Verwyder lêer',
    uploadError: 'Oplaaifout',
    previewFile: 'Voorskou lêer',
    downloadFile: 'Laai lêer af',
  },
  Empty: {
    ...enUS.Empty,
    description: 'Geen data nie',
  },
  Icon: {
    ...enUS.Icon,
    icon: 'ikoon',
  },
  Text: {
    ...enUS.Text,
    edit: 'Wysig',
    copy: 'Kopieer',
    copied: 'Gekopieer',
    expand: 'Vou oop',
    collapse: 'Vou toe',
  },
  Carousel: {
    ...enUS.Carousel,
    prevSlide: 'Vorige skyfie',
    nextSlide: 'Volgende skyfie',
  },
  Form: {
    ...enUS.Form,
    optional: '(opsioneel)',
    defaultValidateMessages: {
      default: 'Valideringsfout in die veld ${label}',
      required: 'Voer asseblief ${label} in',
      enum: '${label} moet een van [${enum}] wees',
      whitespace: '${label} mag nie net uit spasies bestaan nie',
      date: {
        format: '${label} se datumformaat is ongeldig',
        parse: "${label} kan nie na 'n datum omgeskakel word nie",
        invalid: "${label} is 'n ongeldige datum",
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
        len: '${label} moet ${len} karakters lank wees',
        min: '${label} moet minstens ${min} karakters lank wees',
        max: '${label} mag hoogstens ${max} karakters lank wees',
        range: '${label} moet tussen ${min} en ${max} karakters lank wees',
      },
      number: {
        len: '${label} moet gelyk wees aan ${len}',
        min: '${label} moet minstens ${min} wees',
        max: '${label} mag hoogstens ${max} wees',
        range: '${label} moet tussen ${min} en ${max} wees',
      },
      array: {
        len: 'Moet ${len} ${label} wees',
        min: 'Minstens ${min} ${label}',
        max: 'Hoogstens ${max} ${label}',
        range: 'Die aantal ${label} moet tussen ${min} en ${max} wees',
      },
      pattern: {
        mismatch: '${label} pas nie by die patroon ${pattern} nie',
      },
    },
  },
  QRCode: {
    ...enUS.QRCode,
    expired: 'QR-kode het verval',
    refresh: 'Verfris',
    scanned: 'Geskandeer',
  },
  ColorPicker: {
    ...enUS.ColorPicker,
    presetEmpty: 'Leeg',
    transparent: 'Deursigtig',
    singleColor: 'Enkel',
    gradientColor: 'Gradiënt',
  },
};

export default af;
