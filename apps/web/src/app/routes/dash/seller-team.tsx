import { PageHead } from '../../../components/ui/page-head.tsx';
import { TeamManager } from '../../../features/dealers/index.ts';

/** The dealer's team: who sells for it and as what, and who is invited (the owner's and managers'). */
export default function SellerTeamPage() {
  return (
    <div>
      <PageHead title="Team" description="The people who sell for your dealership." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Team</h1>
        <p className="mt-1 text-base-content/75">
          People who sell for your dealership, each with a seller account of their own. What they post, write
          and agree is the dealership’s, and stays so when they leave.
        </p>
      </header>
      <TeamManager />
    </div>
  );
}
