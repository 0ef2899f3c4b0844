import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { PricingPage } from './PricingPage';

function plan(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('PricingPage', () => {
  it('shows monthly prices first and annual prices after the toggle', () => {
    renderWithProviders(<PricingPage />);

    expect(within(plan('Free')).getByText('$0')).toBeTruthy();
    expect(within(plan('Pro')).getByText('$24')).toBeTruthy();
    expect(within(plan('Enterprise')).getByText('$99')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));

    expect(within(plan('Pro')).queryByText('$24')).toBeNull();
    expect(within(plan('Pro')).getByText('$19')).toBeTruthy();
    expect(within(plan('Pro')).getByText('Billed annually ($228 per year)')).toBeTruthy();
    expect(within(plan('Enterprise')).getByText('$79')).toBeTruthy();
    expect(within(plan('Free')).getByText('$0')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(plan('Pro')).getByText('$24')).toBeTruthy();
  });

  it('shows the 20% annual saving beside the billing toggle', () => {
    renderWithProviders(<PricingPage />);

    const toggle = screen.getByRole('radiogroup', { name: 'Billing period' });
    expect(toggle.parentElement?.textContent).toContain('Save 20%');
  });

  it('lets visitors start free and marks paid plans as coming soon', () => {
    renderWithProviders(<PricingPage />);

    const free = plan('Free');
    expect(within(free).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    for (const feature of [
      '5 flows per day',
      'Basic templates',
      'Limited task complexity',
      'No saved history',
      'Standard engine',
    ]) {
      expect(within(free).getByText(feature)).toBeTruthy();
    }
    for (const name of ['Pro', 'Enterprise']) {
      const card = plan(name);
      const comingSoon = within(card).getByRole('button', { name: 'Coming Soon' });
      expect((comingSoon as HTMLButtonElement).disabled).toBe(true);
      expect(within(card).queryByRole('link', { name: 'Get Started' })).toBeNull();
    }
  });

  it('says Contact Sales is not open yet instead of pretending', async () => {
    renderWithProviders(<PricingPage />);

    fireEvent.click(within(plan('Enterprise')).getByRole('button', { name: 'Contact Sales' }));
    expect(
      await screen.findByText(/Contact Sales opens when the Enterprise plan launches/),
    ).toBeTruthy();
  });

  it('answers common questions in an accordion', () => {
    renderWithProviders(<PricingPage />);

    const question = screen.getByRole('button', { name: 'How will the free trial work?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/14-day free trial\. No credit card is needed/)).toBeTruthy();
  });
});
