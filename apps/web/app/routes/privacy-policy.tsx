import { PageHeader } from '../components/ui/page-header.tsx'
import { PrivacyNotice } from '../features/content/privacy-notice.tsx'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/privacy-policy'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Privacy policy', 'What we collect, why, how long we keep it, who processes it and your rights under UK GDPR.')

export default function PrivacyPolicy() {
  const { shop } = useSalon()
  return (
    <>
      <PageHeader eyebrow="Your data" title="Privacy policy">
        How {shop.name} looks after your personal information.
      </PageHeader>
      <div className="container-page max-w-3xl py-10">
        <PrivacyNotice shop={shop} />
      </div>
    </>
  )
}
