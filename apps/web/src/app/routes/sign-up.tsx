import { useTranslation } from 'react-i18next';
import { redirect, useNavigate } from 'react-router';
import { AuthPageLayout } from '../../components/auth-page-layout';
import { paths } from '../../config/paths';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { queryClient } from '../query-client';

export async function loader() {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me.user) return redirect(paths.home.href());
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthPageLayout title={t('signUp.title')} subtitle={t('signUp.subtitle')} width={680}>
      <SignUpForm onSignedUp={() => void navigate(paths.home.href(), { replace: true })} />
    </AuthPageLayout>
  );
}
