import {
  SOCIAL_IMAGE_LIMITS,
  SOCIAL_IMAGES_MAX,
  SOCIAL_MESSAGE_MAX,
  type MessageLimit,
  type SocialNetwork,
} from '../../../../domain/social/social-post';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The networks as the page's checkboxes and toasts name them: Twitter is called X now (the API's enum keeps TWITTER). */
export const networkLabels: Record<SocialNetwork, string> = { TWITTER: 'X', INSTAGRAM: 'Instagram' };

// Texts of the admin's social media page (spec 2.13, states of spec 4, toasts of spec 8).
export const socialMediaMessages = {
  title: 'Social media',
  description:
    'Post a skin to X and Instagram: choose the skin, write the message, pick the images in the order they should appear, publish.',

  setup: {
    bothApiTitle: 'Posts go out to X and Instagram',
    bothApiText: 'Both networks have their keys configured: a publication is posted on the account at once.',
    outboxTitle: (networks: string) => `No keys are configured for ${networks}`,
    outboxText: (networks: string) =>
      `Posts to ${networks} are not sent: each one is written to the local outbox instead ($DATA_DIR/outbox/social) with copies of its images, and listed below.`,
    apiLine: (network: string) => `${network}: posted through its API.`,
    keys: {
      TWITTER: 'X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN and X_ACCESS_TOKEN_SECRET',
      INSTAGRAM: 'INSTAGRAM_USER_ID and INSTAGRAM_ACCESS_TOKEN',
    } satisfies Record<SocialNetwork, string>,
    keysFor: (network: string) => `To post on ${network} for real, set `,
    and: ' and ',
    failed: 'How the networks are reached could not be loaded.',
  },

  subject: {
    sectionLabel: 'What to post',
    chooseTitle: 'Choose a skin to post',
    chooseText:
      'Search for a skin below and pick it. You can also open this page from the Instagram button on any skin or author card (shown to admins only).',
    search: 'Search skins',
    searchPlaceholder: 'Skin title or author',
    searchHint: 'Type at least 3 characters.',
    clearSearch: 'Clear search',
    latest: 'Latest skins',
    results: (count: number, search: string) =>
      `${plural(count, 'skin', 'skins')} matching “${search}”${count > 8 ? ' (the first 8 are shown)' : ''}`,
    noMatch: (search: string) => `No skin matches “${search}”.`,
    searchFailed: 'The skins could not be loaded.',
    loadingSkins: 'Loading skins...',
    pick: (title: string, author: string) => `Post ${title} by ${author}`,
    loading: 'Loading what to post...',
    loadFailed: 'What to post could not be loaded.',
    skinNotFound: (parameter: string) =>
      `No skin has the address or id “${parameter}”. It may have been renamed or deleted; choose another one below.`,
    authorNotFound: (parameter: string) =>
      `No author has the page address or id “${parameter}”. Choose a skin below, or open this page from the author's card.`,
    bothGiven: 'Both a skin and an author are given: the skin is shown.',
    skinBadge: 'Skin',
    authorBadge: 'Author',
    by: 'by',
    openSkin: 'Skin page',
    openAuthor: 'Author page',
    change: 'Choose another skin',
    imagesCount: (count: number) => plural(count, 'image', 'images'),
    skinsCount: (count: number) => `${plural(count, 'published skin', 'published skins')}`,
    hidden: 'Hidden by its author',
    takenDown: 'Taken down',
    blocked: 'Author blocked',
    notPublicTitle: 'This skin cannot be posted',
    notPublicText:
      'Only skins everyone can see can be posted: the post would lead to a page players cannot open. Ask the author to publish it, or restore it.',
    noSkins: 'This author has no published skins, so there is nothing to post.',
  },

  message: {
    label: 'Message',
    placeholder: {
      skin: 'What should players know about this skin?',
      author: 'What should players know about this author and their skins?',
    },
    counter: (limit: MessageLimit) => {
      const room = limit.remaining >= 0 ? `${limit.remaining} left` : `${-limit.remaining} over the limit`;
      switch (limit.constraint) {
        case 'X_WEIGHTED':
          return `${limit.used} / ${limit.max} as X counts it (each link counts 23) · ${room}`;
        case 'INSTAGRAM_HASHTAGS':
          return `${limit.used} / ${limit.max} hashtags on Instagram · ${room}`;
        case 'PRODUCT':
          return `${limit.used} / ${limit.max} characters · ${room}`;
      }
    },
    overLimit: 'The message is past the limit.',
    limitNote: `At most ${SOCIAL_MESSAGE_MAX} characters on every network; the counter follows the strictest selected network.`,
    quickInsert: 'Quick insert',
    insertTitle: 'Skin title',
    insertTitleLabel: (title: string) => `Insert the skin title: ${title}`,
    insertHandle: (network: string | null) => (network ? `${network} handle` : 'Author'),
    insertHandleLabel: (text: string) => `Insert the author: ${text}`,
    usernameHint: 'The author has no X or Instagram handle in their profile: this inserts their username.',
    insertLink: 'Skin link',
    insertLinkLabel: (link: string) => `Insert the link to the skin page: ${link}`,
    insertAuthorLink: 'Author link',
    insertAuthorLinkLabel: (link: string) => `Insert the link to the author page: ${link}`,
    insertHashtags: 'Hashtags',
    insertHashtagsLabel: (hashtags: string) => `Insert the hashtags ${hashtags}`,
    authorSkinHint: 'The skin title, link and game follow the first selected image.',
  },

  images: {
    label: 'Images',
    hint: 'Click the images in the order they should appear: the first one leads the post.',
    selected: (count: number) => `${count} of at most ${SOCIAL_IMAGES_MAX} selected`,
    clear: 'Clear selection',
    imageLabel: (position: number, title: string, selectedAs: number | null) =>
      `Image ${position} of ${title}${selectedAs === null ? '' : `, selected as ${selectedAs}`}`,
    lead: 'Leads the post',
    none: 'This skin has no images.',
    full: `${SOCIAL_IMAGES_MAX} images are selected, the most one post takes. Deselect one to choose another.`,
    tooManyFor: (network: string, max: number) =>
      `${network} takes at most ${max} images: deselect some, or untick ${network}.`,
    carousel: 'Instagram shows two or more images as a carousel.',
    limits: `X takes ${SOCIAL_IMAGE_LIMITS.TWITTER.min} to ${SOCIAL_IMAGE_LIMITS.TWITTER.max} images, Instagram ${SOCIAL_IMAGE_LIMITS.INSTAGRAM.min} to ${SOCIAL_IMAGE_LIMITS.INSTAGRAM.max}.`,
  },

  publish: {
    sectionLabel: 'Publish',
    networks: 'Post on',
    networksRequired: 'Tick at least one network.',
    networkHint: (network: SocialNetwork, max: number, outbox: boolean) =>
      `Up to ${plural(max, 'image', 'images')} · ${outbox ? 'to the local outbox' : 'through its API'}`,
    idle: 'Not published yet',
    running: 'Publishing...',
    done: 'Published',
    doneOutbox: 'Written to the outbox',
    failed: 'Failed',
    openPost: 'Open the post',
    openPostLabel: (network: string) => `Open the post on ${network} (opens in a new tab)`,
    outboxFile: 'File',
    button: 'Publish',
    published: 'Published',
    retryOnly: (networks: string) => `Publish sends to ${networks} only: the rest is already published.`,
    changeToRepublish: 'Change the message or the images to publish again.',
    fixFirst: 'Fix the marked fields first.',
    notPublic: 'This skin is not public, so it cannot be posted.',
    preview: 'Preview',
    previewEmpty: 'Pick an image to see how the post starts.',
    previewNoMessage: 'No message yet.',
    previewMore: (count: number) => `+${count}`,
    loading: (network: string) => `Publishing the skin on ${network}...`,
    /** What happened, in the toast: posted through the network's API, or written to the local outbox. */
    success: (network: string, outbox: boolean) =>
      outbox ? `Saved for ${network} in the local outbox (no keys are configured).` : `Posted on ${network}.`,
    outboxSaved: 'Saved as a post in the Local outbox tab',
    failedToast: (network: string) => `There was an error uploading skin to ${network}.`,
    unreachable: 'The server could not be reached. Check your connection and try again.',
    statusRegion: 'Publishing status',
  },

  posts: {
    tab: 'Publications',
    title: 'Recent publications',
    ofSkin: 'This skin',
    ofAuthor: 'This author',
    all: 'All',
    scope: 'Show publications of',
    count: (count: number) => plural(count, 'publication', 'publications'),
    empty: 'Nothing was published yet.',
    emptyOfSubject: 'Nothing about this was published yet.',
    loading: 'Loading publications...',
    loadFailed: 'The publications could not be loaded.',
    pagination: 'Pages of publications',
    columns: {
      when: 'When',
      network: 'Network',
      status: 'Status',
      message: 'Message',
      images: 'Images',
      result: 'Result',
    },
    by: (username: string) => `by ${username}`,
    status: { PUBLISHED: 'Published', FAILED: 'Failed' } as Record<string, string>,
    delivery: { API: 'API', OUTBOX: 'Outbox' } as Record<string, string>,
    images: (count: number) => plural(count, 'image', 'images'),
    of: 'Of ',
    open: 'Open the post',
    inOutbox: 'In the local outbox',
    postId: (id: string) => `Post ${id}`,
    errorKinds: {
      RATE_LIMITED: 'Rate limited',
      REJECTED: 'Refused',
      UNAVAILABLE: 'Unreachable',
    } as Record<string, string>,
  },

  outbox: {
    tab: 'Local outbox',
    title: 'Local outbox',
    hint: 'Posts written to $DATA_DIR/outbox/social while a network has no keys, newest first.',
    count: (count: number) => plural(count, 'post', 'posts'),
    empty: 'The local outbox is empty.',
    loading: 'Loading the outbox...',
    loadFailed: 'The outbox could not be loaded.',
    pagination: 'Pages of the outbox',
    imageAlt: (position: number, filename: string) => `Image ${position}: ${filename}`,
    images: (count: number) => plural(count, 'image', 'images'),
  },
} as const;
