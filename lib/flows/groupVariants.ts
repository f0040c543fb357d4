import type { CallPath } from '@/lib/api/catalogue';
import { Product } from '@/lib/api/codes';

/**
 * The three group flows of the spec (§2, §4, §7) as rows of one table, so that each screen of a
 * group flow exists once (components/group, components/personal, components/email) and a route
 * file only names its variant. The embedded API keys its group handlers by the same names.
 */
export const GROUP_VARIANTS = ['ra', 'kodew', 'kodegroupcode'] as const;
export type GroupVariant = (typeof GROUP_VARIANTS)[number];

export function isGroupVariant(value: unknown): value is GroupVariant {
  return typeof value === 'string' && (GROUP_VARIANTS as readonly string[]).includes(value);
}

export type GroupVariantRow = {
  variant: GroupVariant;
  /** The product a group code of this variant starts (spec §1), and the one of a token before the login. */
  product: Product;
  /** Whether a group code's product is its questionnaires' instead (they must share one). */
  productFromQuestionnaires: boolean;
  calls: {
    loginPage: Extract<CallPath, `pageinfo/${string}/login`>;
    login: Extract<CallPath, `submit/${string}/login`>;
    personalPage: Extract<CallPath, `pageinfo/${string}/personalinfo`>;
    personal: Extract<CallPath, `submit/${string}/personalinfo`>;
    /** The e-mail step's call; ra has no e-mail step. */
    sendAccessCode?: Extract<CallPath, `submit/${string}/sendaccesscode`>;
    /** The questionnaire selection (spec §2: the web variant's only); without, a code names one questionnaire. */
    selectionPage?: Extract<CallPath, `pageinfo/${string}/assessmentselection`>;
    selection?: Extract<CallPath, `submit/${string}/assessmentselection`>;
  };
  routes: {
    /** The group code entry: /{entry}, /{entry}/{groupCode}, and (where languageToken) /{entry}/{groupCode}/{languageToken}. */
    entry: '/ra' | '/kodew' | '/kodegroupcode';
    personal: '/grouploginpersonal' | '/kodewgrouploginpersonal' | '/kodegroupcodepersonal';
    /** Where a saved key leads first (spec §4): the e-mail step; ra has none. */
    email?: '/kodewemail' | '/kodegroupcodeemail';
    /** The manual after personal info (key kept) or after the e-mail step. */
    manual: '/questionnairemanual' | '/kodewquestionnairemanual';
    /** Where the manual's continue button leads. */
    afterManual: '/questionnaire' | '/kodewquestionnaireselection';
  };
  /** The personal page's fields: name and e-mail (ra) or the group code's additional fields. */
  personalFields: 'nameEmail' | 'additionalFields';
  /** Whether the group code is AES-encrypted before sending (spec §7). */
  encryptsCode: boolean;
  /** Whether the login call carries uiLanguage (spec §7). */
  sendsLanguage: boolean;
  /** Whether the entry route takes a language token (de, en, fr, it, cz; spec §2, §9). */
  languageToken: boolean;
  /**
   * The pages the login's answer may name as the next one (its nextPage; spec §4, §7: kodegroupcode
   * only). Without: always the personal page. See lib/flows/groupLoginNextPage.ts.
   */
  loginNextPages?: readonly string[];
};

// Kept with its literal types, so that types can be derived from a column (AdditionalFieldsVariant).
const ROWS = {
  ra: {
    variant: 'ra',
    product: Product.RequirementsAnalysis,
    productFromQuestionnaires: false,
    calls: { loginPage: 'pageinfo/ra/login', login: 'submit/ra/login', personalPage: 'pageinfo/ra/personalinfo', personal: 'submit/ra/personalinfo' },
    routes: { entry: '/ra', personal: '/grouploginpersonal', manual: '/questionnairemanual', afterManual: '/questionnaire' },
    personalFields: 'nameEmail',
    encryptsCode: true,
    sendsLanguage: false,
    languageToken: false,
  },
  kodew: {
    variant: 'kodew',
    product: Product.GroupWeb,
    productFromQuestionnaires: false,
    calls: {
      loginPage: 'pageinfo/kodew/login',
      login: 'submit/kodew/login',
      personalPage: 'pageinfo/kodew/personalinfo',
      personal: 'submit/kodew/personalinfo',
      sendAccessCode: 'submit/kodew/sendaccesscode',
      selectionPage: 'pageinfo/kodew/assessmentselection',
      selection: 'submit/kodew/assessmentselection',
    },
    routes: {
      entry: '/kodew',
      personal: '/kodewgrouploginpersonal',
      email: '/kodewemail',
      manual: '/kodewquestionnairemanual',
      afterManual: '/kodewquestionnaireselection',
    },
    personalFields: 'additionalFields',
    encryptsCode: true,
    sendsLanguage: true,
    languageToken: true,
  },
  kodegroupcode: {
    variant: 'kodegroupcode',
    product: Product.SecondQuestionnaire,
    productFromQuestionnaires: true,
    calls: {
      loginPage: 'pageinfo/kodegroupcode/login',
      login: 'submit/kodegroupcode/login',
      personalPage: 'pageinfo/kodegroupcode/personalinfo',
      personal: 'submit/kodegroupcode/personalinfo',
      sendAccessCode: 'submit/kodegroupcode/sendaccesscode',
    },
    routes: {
      entry: '/kodegroupcode',
      personal: '/kodegroupcodepersonal',
      email: '/kodegroupcodeemail',
      manual: '/questionnairemanual',
      afterManual: '/questionnaire',
    },
    personalFields: 'additionalFields',
    // Spec §7 marks ra's and kodew's groupcode '(encrypted)' and lists this one without: it is sent
    // as typed (over TLS; the fixed client key of §9 hides nothing from a reader of the page anyway).
    encryptsCode: false,
    sendsLanguage: true,
    languageToken: true,
    loginNextPages: ['/kodegroupcodepersonal', '/kodegroupcodeemail', '/kodegroupcodemanual', '/questionnairemanual', '/questionnaire'],
  },
} as const satisfies Record<GroupVariant, GroupVariantRow>;

export const GROUP_VARIANT_TABLE: Record<GroupVariant, GroupVariantRow> = ROWS;

/** The variants whose personal page asks the group code's additional fields (personalFields). */
export type AdditionalFieldsVariant = {
  [V in GroupVariant]: (typeof ROWS)[V]['personalFields'] extends 'additionalFields' ? V : never;
}[GroupVariant];

export function groupVariant(variant: GroupVariant): GroupVariantRow {
  return GROUP_VARIANT_TABLE[variant];
}

/** The variant whose group login a call is, if it is one. */
export function variantOfLogin(path: CallPath): GroupVariant | undefined {
  return GROUP_VARIANTS.find((variant) => GROUP_VARIANT_TABLE[variant].calls.login === path);
}

/** The variant whose flow a route belongs to (its entry, personal, e-mail or manual page). */
export function variantOfRoute(route: string): GroupVariant | undefined {
  return GROUP_VARIANTS.find((variant) => {
    const { routes } = GROUP_VARIANT_TABLE[variant];
    return route === routes.entry || route.startsWith(`${routes.entry}/`) || route === routes.personal || route === routes.email;
  });
}
