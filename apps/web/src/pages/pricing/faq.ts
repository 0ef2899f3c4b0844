/** A question and answer in the pricing FAQ. */
export type PricingQuestion = { question: string; answer: string };

/** The pricing page's frequently asked questions. */
export const pricingQuestions: PricingQuestion[] = [
  {
    question: 'Is Flows free during the beta?',
    answer:
      'Yes. Flows is a prototype in beta and free for early adopters. Pro and Enterprise are coming soon; nothing is charged today.',
  },
  {
    question: 'What counts as a flow?',
    answer:
      'A flow is one goal that you run: Flows splits it into tasks, runs them and writes the final summary. The Free plan includes 5 flows per day.',
  },
  {
    question: 'How will the free trial work?',
    answer:
      'When paid plans launch, Pro and Enterprise start with a 14-day free trial. No credit card is needed to begin the trial.',
  },
  {
    question: 'How much does annual billing save?',
    answer:
      'Annual billing is 20% cheaper: Pro is $19 per month instead of $24, and Enterprise is $79 per month instead of $99, paid once a year.',
  },
  {
    question: 'Which payment methods will you accept?',
    answer:
      'Major credit and debit cards and PayPal for all paid plans, plus bank transfer for Enterprise.',
  },
  {
    question: 'How long is my history kept?',
    answer:
      'The Free plan does not keep saved history. Pro keeps 30 days of history and Enterprise keeps 90 days.',
  },
];
