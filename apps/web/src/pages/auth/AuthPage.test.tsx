import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';
import { type MockHandler, mockServer } from '../../testing/restServer';

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: 'Ada Lovelace' };
const nobody = { status: 401, json: { error: 'Not signed in' } };

/** The app at `path` with nobody signed in and the given extra server routes. */
async function openAuth(path = '/auth', routes: Record<string, MockHandler> = {}) {
  const calls = mockServer({ 'GET /api/user': nobody, ...routes });
  const app = renderApp(path, { session: 'server' });
  await screen.findByRole('tab', { name: 'Login' });
  return { ...app, calls };
}

/** The input labelled `label` (labels may end in a required-field asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\b`));

const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

const locationOf = ({ router }: { router: { state: { location: Location } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

type Location = { pathname: string; search: string };

describe('auth page tabs', () => {
  it('opens on Login with username and password', async () => {
    await openAuth();

    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    const form = screen.getByRole('form', { name: 'Login' });
    expect(within(form).getByLabelText(/^Username/)).toBeTruthy();
    expect(within(form).getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
    expect(document.title).toBe('Login · Flows');
  });

  it('opens Register for ?tab=register with all its fields', async () => {
    await openAuth('/auth?tab=register');

    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const form = screen.getByRole('form', { name: 'Register' });
    for (const label of ['Username', 'Email', 'Password', 'Confirm password', 'Display name']) {
      expect(within(form).getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }
    expect(within(form).getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(document.title).toBe('Register · Flows');
  });

  it('puts the chosen tab in the URL', async () => {
    const app = await openAuth();

    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(await screen.findByRole('form', { name: 'Register' })).toBeTruthy();
    expect(locationOf(app)).toBe('/auth?tab=register');

    fireEvent.click(screen.getByRole('tab', { name: 'Login' }));
    expect(await screen.findByRole('form', { name: 'Login' })).toBeTruthy();
    expect(locationOf(app)).toBe('/auth');
  });

  it('shows the marketing panel from the md breakpoint up only', async () => {
    await openAuth();

    const heading = screen.getByRole('heading', { name: 'Intelligent Automation' });
    expect(screen.getByRole('heading', { name: 'Powerful Integrations' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Advanced File Processing' })).toBeTruthy();
    expect(heading.closest('.mantine-visible-from-md')).not.toBeNull();
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    mockServer({ 'GET /api/user': { json: ada } });
    const app = renderApp('/auth', { session: 'server' });

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('tab', { name: 'Login' })).toBeNull();
  });
});

describe('login', () => {
  it('signs in, greets the user by display name and opens the dashboard', async () => {
    const app = await openAuth('/auth', { 'POST /api/login': { json: ada } });

    type('Username', ' ada ');
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('Welcome back, Ada Lovelace!')).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
    expect(app.calls.find((call) => call.path === '/api/login')?.body).toEqual({
      username: 'ada',
      password: 'correct horse',
    });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('greets by username when there is no display name', async () => {
    await openAuth('/auth', { 'POST /api/login': { json: { ...ada, displayName: null } } });

    type('Username', 'ada');
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back, ada!')).toBeTruthy();
  });

  it("shows the server's error in the 'Login failed' toast and stays on /auth", async () => {
    const app = await openAuth('/auth', {
      'POST /api/login': { status: 401, json: { error: 'Invalid username or password' } },
    });

    type('Username', 'ada');
    type('Password', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(app.router.state.location.pathname).toBe('/auth');
  });

  it('falls back to the default text when the server gives no error field', async () => {
    await openAuth('/auth', { 'POST /api/login': { status: 502, text: '' } });

    type('Username', 'ada');
    type('Password', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    await openAuth();

    const password = field('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password.getAttribute('type')).toBe('password');
    // Mantine toggles on mouse down (so the input keeps focus), not on click.
    fireEvent.mouseDown(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.mouseDown(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for both fields before calling the server', async () => {
    const { calls } = await openAuth();

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/login')).toBe(false);
  });
});

describe('register', () => {
  it("says 'Passwords do not match', disables Create Account and ignores submit", async () => {
    const { calls } = await openAuth('/auth?tab=register', {
      'POST /api/register': { status: 201, json: ada },
    });

    type('Username', 'ada');
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    type('Confirm password', 'correct hose');

    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    const createAccount = screen.getByRole('button', { name: 'Create Account' });
    expect(createAccount.hasAttribute('disabled')).toBe(true);

    fireEvent.submit(screen.getByRole('form', { name: 'Register' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path === '/api/register')).toBe(false);
    expect(screen.queryByText('Registration successful')).toBeNull();

    type('Confirm password', 'correct horse');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(createAccount.hasAttribute('disabled')).toBe(false);
  });

  it('creates the account without confirmPassword and opens the dashboard', async () => {
    const app = await openAuth('/auth?tab=register', {
      'POST /api/register': { status: 201, json: ada },
    });

    type('Username', 'ada');
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    type('Confirm password', 'correct horse');
    type('Display name', 'Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration successful')).toBeTruthy();
    expect(screen.getByText('Your account has been created.')).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
    expect(app.calls.find((call) => call.path === '/api/register')?.body).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'correct horse',
      displayName: 'Ada Lovelace',
    });
  });

  it("shows the server's error in the 'Registration failed' toast", async () => {
    await openAuth('/auth?tab=register', {
      'POST /api/register': { status: 409, json: { error: 'That username is already taken' } },
    });

    type('Username', 'ada');
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    type('Confirm password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration failed')).toBeTruthy();
    expect(screen.getByText('That username is already taken')).toBeTruthy();
  });

  it("checks the server's rules in the browser before sending", async () => {
    const { calls } = await openAuth('/auth?tab=register');

    type('Username', 'a!');
    type('Email', 'not-an-email');
    type('Password', 'short');
    type('Confirm password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/register')).toBe(false);
  });
});
