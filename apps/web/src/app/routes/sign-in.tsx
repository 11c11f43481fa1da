import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AuthPageLayout } from '../../components/auth-page-layout';
import { safeNext } from '../../config/paths';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { queryClient } from '../query-client';

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me.user) return redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthPageLayout title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm
        onSignedIn={() => void navigate(safeNext(params.get('next')), { replace: true })}
      />
    </AuthPageLayout>
  );
}
