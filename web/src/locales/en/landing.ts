export const landing = {
  nav: { signIn: 'Sign in' },
  hero: {
    eyebrow: 'A private pilot for ambitious women',
    title: 'Think clearly.\nGrow deliberately.',
    body: 'Meld is your reflective thinking partner: a two-minute morning compass, an evening reflection that asks the right question, and a coach who remembers what matters to you.',
    cta: 'I have an access code',
    secondary: 'Already a member? Sign in',
  },
  story: {
    eyebrow: 'Why Meld',
    title: 'Built for the space between doing and becoming',
    body: 'Most tools track what you did. Meld helps you notice who you are becoming, one honest check-in at a time.',
    items: {
      compass: { title: 'Morning compass', body: 'Check in on mood, energy and one clear intention before the day pulls you in.' },
      reflection: { title: 'Evening reflection', body: 'Close the day with a thoughtful question and keep what you learned, not just what you did.' },
      mentor: { title: 'Coaching that listens', body: 'Bring your reflections to an AI coach and a mentor feed shaped by your own words.' },
      wins: { title: 'A vault for your wins', body: 'Collect evidence of your momentum, ready for the review, the raise or the hard day.' },
    },
  },
  preview: {
    mood: 'Mood',
    energy: 'Energy',
    time: '7:42',
    intention: '“Lead the two o’clock review with calm, not speed.”',
    win: 'Pitched the new pricing model. They said yes.',
  },
  quote: {
    text: 'I stopped waiting for clarity and started practising it.',
    by: 'A pilot member',
  },
  pilot: {
    eyebrow: 'Join the pilot',
    title: 'Enter your access code',
    body: 'The pilot is invitation-only while we shape Meld with our first cohort. Your code opens the door to create your account.',
  },
  footer: {
    rights: '© {{year}} Meld',
  },
} as const;
