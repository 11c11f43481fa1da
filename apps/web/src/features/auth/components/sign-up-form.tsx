import { Alert, Anchor, Button, Group, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  PASSWORD_MIN,
  signUpAccountSchema,
  signUpBodySchema,
  signUpGoalsSchema,
  signUpSchema,
} from '@fitcoach/shared/profile';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { Link } from 'react-router';
import type { z } from 'zod';
import { BodyFields } from '../../../components/profile-fields/body-fields';
import { GoalFields } from '../../../components/profile-fields/goal-fields';
import {
  emptyProfileForm,
  profileFormToInput,
  type ProfileFormValues,
} from '../../../components/profile-fields/profile-form-values';
import { paths } from '../../../config/paths';
import {
  apiFieldErrors,
  errorMessage,
  zodErrors,
  withInvalidState,
} from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';
import classes from './sign-up-form.module.css';

/** A step's name in the auth catalogue: `signUp.steps.<key>`, its hint `<key>Hint`. */
type StepKey = 'account' | 'body' | 'goals';

const steps: { key: StepKey; schema: z.ZodType; fields: string[] }[] = [
  {
    key: 'account',
    schema: signUpAccountSchema,
    fields: ['name', 'email', 'password'],
  },
  {
    key: 'body',
    schema: signUpBodySchema,
    fields: ['gender', 'birth_date', 'measurement_type', 'weight', 'height'],
  },
  {
    key: 'goals',
    schema: signUpGoalsSchema,
    fields: ['workout_goal', 'sport_type', 'meal_preference'],
  },
];
const lastStep = steps.length - 1;

function stepOf(field: string): number {
  const index = steps.findIndex((s) => s.fields.includes(field));
  return index === -1 ? 0 : index;
}

/**
 * Multi-step sign-up: one step at a time, each validated before Next. Previous is hidden on
 * the first step; Next is hidden on the last, where Submit shows instead.
 */
/** A friend's invitation the sign-up goes through: its token, and the name and email it prefills. */
export interface SignUpInvitation {
  token: string;
  name: string | null;
  email: string | null;
}

export function SignUpForm({
  onSignedUp,
  invitation,
}: {
  onSignedUp: () => void;
  invitation?: SignUpInvitation | undefined;
}) {
  const { t } = useTranslation('auth');
  const [active, setActive] = useState(0);
  const signUp = useSignUp();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: {
      ...emptyProfileForm,
      name: invitation?.name ?? emptyProfileForm.name,
      email: invitation?.email ?? emptyProfileForm.email,
    },
  });

  function validateStep(step: number): boolean {
    const schema = steps[step]?.schema;
    if (!schema) return true;
    const result = schema.safeParse(profileFormToInput(form.getValues()));
    const fields = steps[step]?.fields ?? [];
    for (const field of fields) form.clearFieldError(field);
    if (result.success) return true;
    form.setErrors({ ...form.errors, ...zodErrors(result.error) });
    return false;
  }

  function next() {
    if (validateStep(active)) setActive((s) => Math.min(s + 1, lastStep));
  }

  function previous() {
    setActive((s) => Math.max(s - 1, 0));
  }

  // Moving between steps puts the keyboard focus on the new step's first field.
  const stepRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const first = stepRef.current?.querySelector<HTMLElement>('input:not([type=hidden]), button');
    // In a radio group, the chosen radio, as Tab into the group would pick it.
    const chosen =
      first instanceof HTMLInputElement && first.type === 'radio'
        ? stepRef.current?.querySelector<HTMLElement>(
            `input[type=radio][name="${CSS.escape(first.name)}"]:checked`,
          )
        : null;
    (chosen ?? first)?.focus();
  }, [active]);

  // Enter in a field of an early step means Next, as a person expects, not a premature submit.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    const isOpenCombobox = target.getAttribute('aria-expanded') === 'true';
    if (
      event.key === 'Enter' &&
      active < lastStep &&
      target.tagName === 'INPUT' &&
      !isOpenCombobox
    ) {
      event.preventDefault();
      next();
    }
  }

  const submit = form.onSubmit((values) => {
    const parsed = signUpSchema.safeParse(profileFormToInput(values));
    if (!parsed.success) {
      const errors = zodErrors(parsed.error);
      form.setErrors(errors);
      setActive(Math.min(...Object.keys(errors).map(stepOf)));
      return;
    }
    const input = invitation ? { ...parsed.data, invite_token: invitation.token } : parsed.data;
    signUp.mutate(input, {
      onSuccess: onSignedUp,
      onError: (error) => {
        const errors = apiFieldErrors(error);
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          setActive(Math.min(...Object.keys(errors).map(stepOf)));
        }
      },
    });
  });

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label={t('signUp.form')}>
      <Stack gap="lg">
        <Stepper
          active={active}
          onStepClick={(step) => step < active && setActive(step)}
          allowNextStepsSelect={false}
          size="sm"
          classNames={{ stepDescription: classes.stepDescription, separator: classes.separator }}
        >
          {steps.map((step) => (
            <Stepper.Step
              key={step.key}
              label={t(`signUp.steps.${step.key}`)}
              description={t(`signUp.steps.${step.key}Hint`)}
            />
          ))}
        </Stepper>

        {signUp.isError && Object.keys(apiFieldErrors(signUp.error)).length === 0 && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t('signUp.failed')}
          >
            {errorMessage(signUp.error)}
          </Alert>
        )}

        <div
          ref={stepRef}
          role="group"
          aria-label={t('signUp.step', {
            step: active + 1,
            total: steps.length,
            label: t(`signUp.steps.${steps[active]?.key ?? 'account'}`),
          })}
        >
          {active === 0 && (
            <Stack gap="md">
              <TextInput
                label={t('signUp.name')}
                autoComplete="name"
                required
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('signUp.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <PasswordField
                label={t('signUp.password')}
                description={t('signUp.passwordHint', { min: PASSWORD_MIN })}
                autoComplete="new-password"
                required
                {...withInvalidState(form.getInputProps('password'))}
              />
            </Stack>
          )}
          {active === 1 && <BodyFields form={form} />}
          {active === 2 && <GoalFields form={form} />}
        </div>

        <Group justify="space-between">
          {active > 0 ? (
            <Button variant="default" onClick={previous}>
              {t('signUp.previous')}
            </Button>
          ) : (
            <span />
          )}
          {active < lastStep && <Button onClick={next}>{t('signUp.next')}</Button>}
          {active === lastStep && (
            <Button type="submit" loading={signUp.isPending}>
              {t('signUp.submit')}
            </Button>
          )}
        </Group>

        <Text size="sm" ta="center" c="dimmed">
          <Trans
            t={t}
            i18nKey="signUp.haveAccount"
            components={{ anchor: <Anchor component={Link} to={paths.signIn.href()} /> }}
          />
        </Text>
      </Stack>
    </form>
  );
}
