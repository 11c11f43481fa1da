import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with its show/hide button named in the shown language (Mantine names
 * it "Toggle password visibility" in English whatever the page's language), and reachable with
 * Tab: Mantine takes it out of the tab order, which leaves keyboard and screen-reader users no
 * way to check what they typed.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField({ visibilityToggleButtonProps, ...props }, ref) {
    const { t } = useTranslation('common');
    return (
      <PasswordInput
        ref={ref}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{
          'aria-label': t('password.show'),
          ...visibilityToggleButtonProps,
        }}
        {...props}
      />
    );
  },
);
