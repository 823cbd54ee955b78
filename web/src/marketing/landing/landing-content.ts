/**
 * Copy of the landing sections that come in lists. Read by the pages' build-time loaders and handed
 * to the sections as props, so this text ships once in the prerendered HTML, not again in the
 * page's JavaScript.
 */

export type HowItWorksStep = { key: string; title: string; text: string; image: string; alt: string };
export type Advantage = { title: string; text: string };
export type InfoCard = { type: 'calendar' | 'star' | 'business'; title: string; description: string };
export type Testimonial = { key: string; avatar: string; name: string; description: string; price: string };

export const HOW_IT_WORKS_STEPS: readonly HowItWorksStep[] = [
  {
    key: 'create',
    title: 'Create and share',
    text: 'Set up a calendar for the last weeks of pregnancy, pick a background you love and share one link with family and friends.',
    image: '/images/step-create.svg',
    alt: 'A pink calendar with a heart being shared to three phones',
  },
  {
    key: 'predict',
    title: 'Make predictions and contribute',
    text: 'Everyone with the link picks the day they think the baby will arrive, leaves a wish and may add a gift, no account needed.',
    image: '/images/step-predict.svg',
    alt: 'Calendar days with little flags marking friends’ guesses',
  },
  {
    key: 'celebrate',
    title: 'Celebrate and invest',
    text: 'Announce the birth: everyone who took part gets a celebration e-mail and the gifts are paid out to you, ready for your child’s future.',
    image: '/images/step-celebrate.svg',
    alt: 'A gift box with confetti and a small growing plant',
  },
];

export const ADVANTAGES: readonly Advantage[] = [
  {
    title: 'Gifts that really help',
    text: 'Money for your child’s future instead of a tenth baby blanket or another pair of tiny shoes.',
  },
  {
    title: 'A shared countdown',
    text: 'Guessing the birthday turns the last weeks of waiting into something the whole family shares, just for fun.',
  },
  {
    title: 'Memories that last',
    text: 'Every wish stays with your calendar: a keepsake to read together with your child one day.',
  },
  {
    title: 'From anywhere',
    text: 'Grandparents abroad and friends far away join with one link. No account and no app needed.',
  },
];

export const INFO_CARDS: readonly InfoCard[] = [
  {
    type: 'calendar',
    title: 'Your due-date calendar',
    description:
      'A beautiful calendar for the last weeks of pregnancy in Pink Blossom, Blue sky or Merry Sun, shared with one link.',
  },
  {
    type: 'star',
    title: 'Wishes from everyone you love',
    description:
      'Every guess comes with a warm wish, and friends may add a gift with a personal message. All kept in one place.',
  },
  {
    type: 'business',
    title: 'A head start for your child',
    description:
      'For a one-time $20 fee and with no cut taken from gifts, everything collected is paid out to you, ready to invest.',
  },
];

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    key: 'emily',
    avatar: '/images/avatar-emily.svg',
    name: 'Emily R.',
    description:
      'Our families live on three continents and the calendar brought everyone together. Grandma guessed the day exactly!',
    price: '980$',
  },
  {
    key: 'daniel',
    avatar: '/images/avatar-daniel.svg',
    name: 'Daniel & Sophie',
    description: 'We expected a few cards. Instead we got forty wishes that we will read to our son when he is older.',
    price: '350$',
  },
  {
    key: 'maria',
    avatar: '/images/avatar-maria.svg',
    name: 'Maria K.',
    description:
      'Setting it up took five minutes. The gifts went straight into a savings plan for our daughter’s first years.',
    price: '1 200$',
  },
];

export const LANDING_HERO_POINTS: readonly string[] = [
  'A calendar for the last weeks of pregnancy, ready in minutes for a one-time $20.',
  'Family and friends guess the birthday, leave a wish and may send a gift. No account needed.',
  'Every gift goes to you with no cut taken, a first step toward your child’s future fund.',
];

export const GREEN_HERO_POINTS: readonly string[] = [
  'Share one calendar link: friends guess the birthday and leave a wish.',
  'Gifts are paid out to you in full, with no cut taken.',
  'Turn them into your child’s first investment and let time do the rest.',
];
