export const today = {
  title: 'Today',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  goToToday: 'Go to today',
  greeting: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
    morningAnonymous: 'Good morning',
    afternoonAnonymous: 'Good afternoon',
    eveningAnonymous: 'Good evening',
  },
  subtitle: {
    today: 'Take a breath. What matters most today?',
    past: 'A look back at a day you lived.',
    future: 'A day still ahead of you.',
  },
  tour: {
    title: "You're in. Welcome, {{name}}.",
    body: "This is Today, your home base. Each morning you'll set your compass here, and each evening you'll come back to reflect on how the day went.",
    dismiss: 'Got it',
  },
} as const;
