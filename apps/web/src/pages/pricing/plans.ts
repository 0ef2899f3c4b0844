/** How the visitor wants to see prices. */
export type BillingPeriod = 'monthly' | 'annual';

/** A pricing plan as shown on /pricing (spec: integrations-ide-pages section 9). */
export type PricingPlan = {
  name: string;
  summary: string;
  /** Price per month in US dollars when billed monthly. */
  monthlyPrice: number;
  /** Price per month in US dollars when billed annually (20% off). */
  annualMonthlyPrice: number;
  features: string[];
  /** Paid plans are not on sale during the beta. */
  comingSoon: boolean;
  highlighted?: boolean;
};

/** Annual billing discount, in percent. */
export const ANNUAL_DISCOUNT_PERCENT = 20;

/** Length of the paid plans' free trial, in days. */
export const TRIAL_DAYS = 14;

/** The three plans. */
export const pricingPlans: PricingPlan[] = [
  {
    name: 'Free',
    summary: 'For trying Flows on everyday goals.',
    monthlyPrice: 0,
    annualMonthlyPrice: 0,
    features: [
      '5 flows per day',
      'Basic templates',
      'Limited task complexity',
      'No saved history',
      'Standard engine',
    ],
    comingSoon: false,
  },
  {
    name: 'Pro',
    summary: 'For people who run flows every day.',
    monthlyPrice: 24,
    annualMonthlyPrice: 19,
    features: [
      'Unlimited flows',
      'All templates',
      '30-day history',
      'Enhanced engine',
      'Priority support',
    ],
    comingSoon: true,
    highlighted: true,
  },
  {
    name: 'Enterprise',
    summary: 'For teams that automate together.',
    monthlyPrice: 99,
    annualMonthlyPrice: 79,
    features: [
      '90-day history',
      'Unlimited team members',
      'Custom templates',
      'Premium engine',
      'Dedicated support',
      'API access',
    ],
    comingSoon: true,
  },
];

/** The per-month price shown for a plan and billing period. */
export function displayedMonthlyPrice(plan: PricingPlan, period: BillingPeriod): number {
  return period === 'annual' ? plan.annualMonthlyPrice : plan.monthlyPrice;
}
