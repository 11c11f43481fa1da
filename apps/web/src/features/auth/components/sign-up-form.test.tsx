// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, TEST_CSRF_TOKEN } from '../../../test/api-mock';
import { renderWithApp } from '../../../test/render';
import { SignUpForm } from './sign-up-form';

function renderSignUp() {
  const view = renderWithApp(<SignUpForm onSignedUp={vi.fn()} />, { route: '/sign-up' });
  const { user } = view;

  async function fillAccount() {
    await user.type(screen.getByLabelText(/^Name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Step 2 of 3: Body' });
  }

  return { ...view, fillAccount };
}

describe('the sign-up stepper', () => {
  it('hides Previous on the first step and Next on the last, where Submit shows', async () => {
    const { user, fillAccount } = renderSignUp();

    expect(screen.getByRole('group', { name: 'Step 1 of 3: Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await fillAccount();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByLabelText(/^Birth date/), '1990-05-01');
    await user.type(screen.getByLabelText(/^Weight/), '60');
    await user.type(screen.getByLabelText(/^Height/), '170');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('group', { name: 'Step 3 of 3: Goals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('group', { name: 'Step 2 of 3: Body' })).toBeInTheDocument();
  });

  it('keeps a step until its fields are valid', async () => {
    const { user } = renderSignUp();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('group', { name: 'Step 1 of 3: Account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInvalid();
  });

  it('marks a password in error invalid for screen readers, and reads its error out', async () => {
    const { user } = renderSignUp();
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const password = screen.getByLabelText(/^Password/);
    expect(password).toBeInvalid();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/Use at least 8 characters\./);

    await user.type(password, '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(password).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('relabels and converts weight and height when the units switch, and back', async () => {
    const { user, fillAccount } = renderSignUp();
    await fillAccount();

    expect(screen.getByRole('radio', { name: 'Metric (kg, cm)' })).toBeChecked();
    await user.type(screen.getByLabelText(/^Weight \(kg\)/), '70');
    await user.type(screen.getByLabelText(/^Height \(cm\)/), '180');

    await user.click(screen.getByRole('radio', { name: 'Imperial (lb, in)' }));

    // 70 kg / 0.45359237 = 154.3236… lb; 180 cm / 2.54 = 70.866… in; to 2 decimals.
    expect(screen.getByLabelText(/^Weight \(lb\)/)).toHaveValue('154.32');
    expect(screen.getByLabelText(/^Height \(in\)/)).toHaveValue('70.87');
    expect(screen.queryByLabelText(/^Weight \(kg\)/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Metric (kg, cm)' }));

    // Back from the rounded values: 154.32 lb = 69.998… kg, 70.87 in = 180.009… cm.
    expect(screen.getByLabelText(/^Weight \(kg\)/)).toHaveValue('70');
    expect(screen.getByLabelText(/^Height \(cm\)/)).toHaveValue('180.01');
  });

  it('sends the values in the units chosen', async () => {
    const api = mockApi().on('POST /api/auth/sign_up', {
      user: null,
      csrf_token: 'after-sign-up',
    });
    const { user, fillAccount } = renderSignUp();
    await fillAccount();

    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.type(screen.getByLabelText(/^Birth date/), '1985-11-30');
    await user.click(screen.getByRole('radio', { name: 'Imperial (lb, in)' }));
    await user.type(screen.getByLabelText(/^Weight \(lb\)/), '180.5');
    await user.type(screen.getByLabelText(/^Height \(in\)/), '71');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('combobox', { name: /^Workout goal/ }));
    await user.click(await screen.findByRole('option', { name: 'Cardio' }));
    await user.click(screen.getByRole('combobox', { name: /^Meal preference/ }));
    await user.click(await screen.findByRole('option', { name: /^Vegan/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await vi.waitFor(() => expect(api.sent('POST /api/auth/sign_up')).toHaveLength(1));
    const [request] = api.sent('POST /api/auth/sign_up');
    expect(request?.headers['x-csrf-token']).toBe(TEST_CSRF_TOKEN);
    expect(request?.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      gender: 'male',
      birth_date: '1985-11-30',
      measurement_type: 'imperial',
      weight: 180.5,
      height: 71,
      workout_goal: 'cardio',
      meal_preference: 'vegan',
    });
  });

  it('moves to the last step without opening the goal list over the other fields', async () => {
    const { user, fillAccount } = renderSignUp();
    await fillAccount();
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByLabelText(/^Birth date/), '1990-05-01');
    await user.type(screen.getByLabelText(/^Weight/), '60');
    await user.type(screen.getByLabelText(/^Height/), '170');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Step 3 of 3: Goals' });

    // The keyboard lands on the first field, as on every step, and its list stays shut.
    const goal = screen.getByRole('combobox', { name: /^Workout goal/ });
    await vi.waitFor(() => expect(goal).toHaveFocus());
    expect(goal).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    // It opens when asked: a tap, or the arrow key.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Cardio' })).toBeVisible();
  });
});
