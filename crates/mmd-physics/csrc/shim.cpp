// The C ABI between mmd-physics (Rust) and the vendored Bullet. The Rust side validates
// everything before it gets here (finite values, sizes, indices); this side still refuses
// out-of-range body indices and null pointers, so that a Rust bug cannot become memory
// corruption. No C++ exception may unwind into Rust: every entry point that allocates
// catches everything and reports failure through its return value.

#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "BulletCollision/BroadphaseCollision/btBroadphaseInterface.h"
#include "BulletCollision/BroadphaseCollision/btOverlappingPairCache.h"
#include "LinearMath/btAabbUtil2.h"
#include "BulletCollision/CollisionDispatch/btCollisionDispatcher.h"
#include "BulletCollision/CollisionDispatch/btDefaultCollisionConfiguration.h"
#include "BulletCollision/CollisionDispatch/btSimulationIslandManager.h"
#include "BulletCollision/CollisionShapes/btBoxShape.h"
#include "BulletCollision/CollisionShapes/btCapsuleShape.h"
#include "BulletCollision/CollisionShapes/btSphereShape.h"
#include "BulletDynamics/ConstraintSolver/btGeneric6DofSpringConstraint.h"
#include "BulletDynamics/ConstraintSolver/btSequentialImpulseConstraintSolver.h"
#include "BulletDynamics/Dynamics/btDiscreteDynamicsWorld.h"
#include "BulletDynamics/Dynamics/btRigidBody.h"

namespace {

// stepSimulation(n * fixed, n, fixed) without its float time accumulator: Rust decides how
// many substeps a frame gets, exactly, so 1/30 s is always two 1/60 s substeps. Kinematic
// velocities are derived once over the whole frame, as stepSimulation does.
class ExactStepWorld : public btDiscreteDynamicsWorld {
public:
    using btDiscreteDynamicsWorld::btDiscreteDynamicsWorld;

    void stepExact(int substeps, btScalar fixed) {
        saveKinematicState(fixed * btScalar(substeps));
        applyGravity();
        for (int i = 0; i < substeps; ++i) {
            internalSingleStepSimulation(fixed);
        }
        clearForces();
    }
};

// The broadphase for one model's bodies, in place of btDbvtBroadphase, which spent a quarter
// of every step re-inserting moved bodies into its tree and walking the tree for each (MMD
// bodies move more per substep than its 0.05 fat margin). A model has a few hundred bodies
// whose filters never change, so the pairs the filters let collide are listed once and every
// step tests their AABBs exactly, as btAxisSweep3 would: a pair is in the pair cache exactly
// while the AABBs (Bullet pads them by the contact breaking threshold) overlap. That also
// spares the narrowphase the pairs Dbvt keeps while its fattened boxes still overlap.
// Pairs of two bodies that are static or kinematic when added are never listed: the shim
// only switches bodies added dynamic between kinematic and dynamic.
class FilteredPairBroadphase : public btBroadphaseInterface {
public:
    FilteredPairBroadphase() = default;
    FilteredPairBroadphase(const FilteredPairBroadphase&) = delete;
    FilteredPairBroadphase& operator=(const FilteredPairBroadphase&) = delete;

    btBroadphaseProxy* createProxy(const btVector3& aabbMin, const btVector3& aabbMax, int /*shapeType*/,
                                   void* userPtr, int collisionFilterGroup, int collisionFilterMask,
                                   btDispatcher* /*dispatcher*/) override {
        const int index = static_cast<int>(proxies_.size());
        proxies_.reserve(proxies_.size() + 1);
        boxes_.reserve(boxes_.size() + 1);
        std::unique_ptr<btBroadphaseProxy> proxy(
            new btBroadphaseProxy(aabbMin, aabbMax, userPtr, collisionFilterGroup, collisionFilterMask));
        proxy->m_uniqueId = index;
        const bool fixed = static_cast<btCollisionObject*>(userPtr)->isStaticOrKinematicObject();
        for (int other = 0; other < index; ++other) {
            btBroadphaseProxy* q = proxies_[static_cast<size_t>(other)].get();
            if (q != nullptr && !(fixed && fixed_[static_cast<size_t>(other)]) &&
                cache_.needsBroadphaseCollision(q, proxy.get())) {
                candidates_.push_back(Candidate{other, index, false});
            }
        }
        fixed_.push_back(fixed);
        boxes_.push_back(Box{aabbMin, aabbMax});
        proxies_.push_back(std::move(proxy));
        return proxies_.back().get();
    }

    void destroyProxy(btBroadphaseProxy* proxy, btDispatcher* dispatcher) override {
        const int index = proxy->m_uniqueId;
        cache_.removeOverlappingPairsContainingProxy(proxy, dispatcher);
        size_t kept = 0;
        for (const Candidate& c : candidates_) {
            if (c.a != index && c.b != index) {
                candidates_[kept++] = c;
            }
        }
        candidates_.resize(kept);
        proxies_[static_cast<size_t>(index)].reset();
    }

    void setAabb(btBroadphaseProxy* proxy, const btVector3& aabbMin, const btVector3& aabbMax,
                 btDispatcher* /*dispatcher*/) override {
        proxy->m_aabbMin = aabbMin;
        proxy->m_aabbMax = aabbMax;
        boxes_[static_cast<size_t>(proxy->m_uniqueId)] = Box{aabbMin, aabbMax};
    }

    void getAabb(btBroadphaseProxy* proxy, btVector3& aabbMin, btVector3& aabbMax) const override {
        aabbMin = proxy->m_aabbMin;
        aabbMax = proxy->m_aabbMax;
    }

    // Nothing here casts rays or queries boxes; the world's ray and box tests, should they
    // ever be used, still get every body and do their own exact tests.
    void rayTest(const btVector3& /*rayFrom*/, const btVector3& /*rayTo*/, btBroadphaseRayCallback& callback,
                 const btVector3& /*aabbMin*/, const btVector3& /*aabbMax*/) override {
        for (const auto& proxy : proxies_) {
            if (proxy != nullptr) {
                callback.process(proxy.get());
            }
        }
    }

    void aabbTest(const btVector3& aabbMin, const btVector3& aabbMax, btBroadphaseAabbCallback& callback) override {
        for (const auto& proxy : proxies_) {
            if (proxy != nullptr && TestAabbAgainstAabb2(aabbMin, aabbMax, proxy->m_aabbMin, proxy->m_aabbMax)) {
                callback.process(proxy.get());
            }
        }
    }

    void calculateOverlappingPairs(btDispatcher* dispatcher) override {
        for (Candidate& c : candidates_) {
            const Box& a = boxes_[static_cast<size_t>(c.a)];
            const Box& b = boxes_[static_cast<size_t>(c.b)];
            // `&`, not `&&`: six compares cost less than the branches mispredicted between them.
            const bool overlapping = (a.min[0] <= b.max[0]) & (b.min[0] <= a.max[0]) & (a.min[1] <= b.max[1]) &
                                     (b.min[1] <= a.max[1]) & (a.min[2] <= b.max[2]) & (b.min[2] <= a.max[2]);
            if (overlapping != c.overlapping) {
                btBroadphaseProxy* pa = proxies_[static_cast<size_t>(c.a)].get();
                btBroadphaseProxy* pb = proxies_[static_cast<size_t>(c.b)].get();
                if (overlapping) {
                    cache_.addOverlappingPair(pa, pb);
                } else {
                    cache_.removeOverlappingPair(pa, pb, dispatcher);
                }
                c.overlapping = overlapping;
            }
        }
    }

    btOverlappingPairCache* getOverlappingPairCache() override { return &cache_; }
    const btOverlappingPairCache* getOverlappingPairCache() const override { return &cache_; }

    void getBroadphaseAabb(btVector3& aabbMin, btVector3& aabbMax) const override {
        aabbMin.setValue(-BT_LARGE_FLOAT, -BT_LARGE_FLOAT, -BT_LARGE_FLOAT);
        aabbMax.setValue(BT_LARGE_FLOAT, BT_LARGE_FLOAT, BT_LARGE_FLOAT);
    }

    void printStats() override {}

private:
    struct Box {
        Box(const btVector3& lo, const btVector3& hi)
            : min{lo.x(), lo.y(), lo.z()}, max{hi.x(), hi.y(), hi.z()} {}
        btScalar min[3];
        btScalar max[3];
    };
    struct Candidate {
        int a;
        int b;
        bool overlapping;
    };

    btHashedOverlappingPairCache cache_;
    // Indexed by m_uniqueId; a destroyed proxy leaves a null slot.
    std::vector<std::unique_ptr<btBroadphaseProxy>> proxies_;
    std::vector<Box> boxes_;
    std::vector<bool> fixed_;
    std::vector<Candidate> candidates_;
};

btTransform to_transform(const float* pose) {
    btQuaternion q(pose[3], pose[4], pose[5], pose[6]);
    return btTransform(q, btVector3(pose[0], pose[1], pose[2]));
}

void from_transform(const btTransform& t, float* pose) {
    const btVector3& p = t.getOrigin();
    btQuaternion q = t.getRotation();
    pose[0] = p.x();
    pose[1] = p.y();
    pose[2] = p.z();
    pose[3] = q.x();
    pose[4] = q.y();
    pose[5] = q.z();
    pose[6] = q.w();
}

}  // namespace

extern "C" {

// Mirrors `ffi::BodyDesc`.
struct MmdpBody {
    int32_t shape;  // 0 sphere, 1 box, 2 capsule
    float size[3];
    float mass;
    float pose[7];  // position xyz, rotation quaternion xyzw
    float linear_damping;
    float angular_damping;
    float friction;
    float restitution;
    int32_t group;
    int32_t mask;
    int32_t kinematic;
    int32_t additional_damping;
    int32_t no_contact_response;
    int32_t gyroscopic;
};

// Mirrors `ffi::JointDesc`.
struct MmdpJoint {
    int32_t body_a;
    int32_t body_b;
    float frame_a[7];
    float frame_b[7];
    float linear_lower[3];
    float linear_upper[3];
    float angular_lower[3];
    float angular_upper[3];
    float stiffness[6];
    int32_t spring_mask;  // bit i: spring on DOF i (0..2 linear, 3..5 angular)
    float stop_erp;       // < 0: keep Bullet's default
    int32_t use_frame_offset;
};

}  // extern "C"

struct MmdpWorld {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    FilteredPairBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    ExactStepWorld world{&dispatcher, &broadphase, &solver, &config};
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btRigidBody>> bodies;
    // Per body, what a dynamic body is restored to after following its bone; mass 0 for
    // bodies created kinematic, which never switch.
    std::vector<btScalar> masses;
    std::vector<btVector3> inertias;
    std::vector<std::unique_ptr<btGeneric6DofSpringConstraint>> joints;

    MmdpWorld() = default;
    MmdpWorld(const MmdpWorld&) = delete;
    MmdpWorld& operator=(const MmdpWorld&) = delete;

    // The world's own destructor walks its collision objects, so they leave it first.
    ~MmdpWorld() {
        for (auto it = joints.rbegin(); it != joints.rend(); ++it) {
            world.removeConstraint(it->get());
        }
        for (auto it = bodies.rbegin(); it != bodies.rend(); ++it) {
            world.removeRigidBody(it->get());
        }
    }

    btRigidBody* body(int32_t index) const {
        if (index < 0 || static_cast<size_t>(index) >= bodies.size()) {
            return nullptr;
        }
        return bodies[static_cast<size_t>(index)].get();
    }
};

extern "C" {

MmdpWorld* mmdp_world_new(float gx, float gy, float gz, int32_t iterations) {
    try {
        auto* w = new MmdpWorld();
        w->world.setGravity(btVector3(gx, gy, gz));
        w->world.getSolverInfo().m_numIterations = iterations;
        // One solver call for all the bodies instead of one per island: islands share no
        // dynamic body, so solving them together changes nothing for any of them, and it
        // saves the per-island sorting and solver setup (Uka dancing: about 8% of a frame).
        w->world.getSimulationIslandManager()->setSplitIslands(false);
        return w;
    } catch (...) {
        return nullptr;
    }
}

void mmdp_world_free(MmdpWorld* w) { delete w; }

int32_t mmdp_body_add(MmdpWorld* w, const MmdpBody* d) {
    if (w == nullptr || d == nullptr) {
        return -1;
    }
    try {
        w->shapes.reserve(w->shapes.size() + 1);
        w->bodies.reserve(w->bodies.size() + 1);
        w->masses.reserve(w->masses.size() + 1);
        w->inertias.reserve(w->inertias.size() + 1);
        std::unique_ptr<btCollisionShape> shape;
        switch (d->shape) {
            case 0:
                shape.reset(new btSphereShape(d->size[0]));
                break;
            case 1:
                shape.reset(new btBoxShape(btVector3(d->size[0], d->size[1], d->size[2])));
                break;
            case 2:
                shape.reset(new btCapsuleShape(d->size[0], d->size[1]));
                break;
            default:
                return -1;
        }
        const bool kinematic = d->kinematic != 0;
        const btScalar mass = kinematic ? btScalar(0) : btScalar(d->mass);
        btVector3 inertia(0, 0, 0);
        if (mass > 0) {
            shape->calculateLocalInertia(mass, inertia);
        }
        btRigidBody::btRigidBodyConstructionInfo info(mass, nullptr, shape.get(), inertia);
        info.m_startWorldTransform = to_transform(d->pose);
        info.m_linearDamping = d->linear_damping;
        info.m_angularDamping = d->angular_damping;
        info.m_friction = d->friction;
        info.m_restitution = d->restitution;
        info.m_additionalDamping = d->additional_damping != 0;
        std::unique_ptr<btRigidBody> body(new btRigidBody(info));
        int flags = body->getCollisionFlags();
        if (kinematic) {
            flags |= btCollisionObject::CF_KINEMATIC_OBJECT;
        }
        if (d->no_contact_response != 0) {
            flags |= btCollisionObject::CF_NO_CONTACT_RESPONSE;
        }
        body->setCollisionFlags(flags);
        if (d->gyroscopic == 0) {
            body->setFlags(body->getFlags() & ~BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY);
        }
        body->setActivationState(DISABLE_DEACTIVATION);
        w->world.addRigidBody(body.get(), d->group, d->mask);
        w->shapes.push_back(std::move(shape));
        w->bodies.push_back(std::move(body));
        w->masses.push_back(mass);
        w->inertias.push_back(inertia);
        return static_cast<int32_t>(w->bodies.size() - 1);
    } catch (...) {
        return -1;
    }
}

int32_t mmdp_joint_add(MmdpWorld* w, const MmdpJoint* d) {
    if (w == nullptr || d == nullptr) {
        return -1;
    }
    btRigidBody* a = w->body(d->body_a);
    btRigidBody* b = w->body(d->body_b);
    if (a == nullptr || b == nullptr || a == b) {
        return -1;
    }
    try {
        w->joints.reserve(w->joints.size() + 1);
        std::unique_ptr<btGeneric6DofSpringConstraint> c(new btGeneric6DofSpringConstraint(
            *a, *b, to_transform(d->frame_a), to_transform(d->frame_b), true));
        c->setUseFrameOffset(d->use_frame_offset != 0);
        c->setLinearLowerLimit(btVector3(d->linear_lower[0], d->linear_lower[1], d->linear_lower[2]));
        c->setLinearUpperLimit(btVector3(d->linear_upper[0], d->linear_upper[1], d->linear_upper[2]));
        c->setAngularLowerLimit(btVector3(d->angular_lower[0], d->angular_lower[1], d->angular_lower[2]));
        c->setAngularUpperLimit(btVector3(d->angular_upper[0], d->angular_upper[1], d->angular_upper[2]));
        for (int i = 0; i < 6; ++i) {
            if ((d->spring_mask >> i) & 1) {
                c->enableSpring(i, true);
                c->setStiffness(i, d->stiffness[i]);
            }
            if (d->stop_erp >= 0) {
                c->setParam(BT_CONSTRAINT_STOP_ERP, d->stop_erp, i);
            }
        }
        // MMD lets jointed bodies collide; the masks alone decide.
        w->world.addConstraint(c.get(), false);
        w->joints.push_back(std::move(c));
        return static_cast<int32_t>(w->joints.size() - 1);
    } catch (...) {
        return -1;
    }
}

// Moves a kinematic body; the next step derives its velocity from the move.
int32_t mmdp_body_set_kinematic_pose(MmdpWorld* w, int32_t index, const float* pose) {
    btRigidBody* b = w == nullptr || pose == nullptr ? nullptr : w->body(index);
    if (b == nullptr) {
        return 0;
    }
    b->setWorldTransform(to_transform(pose));
    return 1;
}

// Places a body with no velocity and no memory of where it was: no derived kinematic
// velocity, no cached contacts.
int32_t mmdp_body_teleport(MmdpWorld* w, int32_t index, const float* pose) {
    btRigidBody* b = w == nullptr || pose == nullptr ? nullptr : w->body(index);
    if (b == nullptr) {
        return 0;
    }
    const btTransform t = to_transform(pose);
    b->setWorldTransform(t);
    b->setInterpolationWorldTransform(t);
    b->setLinearVelocity(btVector3(0, 0, 0));
    b->setAngularVelocity(btVector3(0, 0, 0));
    b->setInterpolationLinearVelocity(btVector3(0, 0, 0));
    b->setInterpolationAngularVelocity(btVector3(0, 0, 0));
    b->clearForces();
    if (btBroadphaseProxy* proxy = b->getBroadphaseHandle()) {
        w->broadphase.getOverlappingPairCache()->cleanProxyFromPairs(proxy, &w->dispatcher);
    }
    return 1;
}

// Switches a dynamic body to kinematic (follow != 0) or back. Kinematic, it has mass 0 so
// joints and contacts treat it as immovable, like a follow-bone body; the caller moves it with
// teleport and set_kinematic_pose. Back to dynamic it gets its mass and inertia again and
// starts at rest, as babylon-mmd's restoreBodyDynamic does. Both ways drop its cached contact
// pairs, which were computed for the other kind of body. It stays in the world: the world
// re-reads the flags and mass every step (islands, solver bodies, integration), and a body
// added dynamic stays in its list of non-static bodies, which skips kinematic ones.
// Returns 0 for an unknown index or a body created kinematic.
int32_t mmdp_body_set_follow(MmdpWorld* w, int32_t index, int32_t follow) {
    btRigidBody* b = w == nullptr ? nullptr : w->body(index);
    if (b == nullptr) {
        return 0;
    }
    const size_t i = static_cast<size_t>(index);
    const btScalar mass = w->masses[i];
    if (!(mass > 0)) {
        return 0;
    }
    const int flags = b->getCollisionFlags();
    if (follow != 0) {
        b->setCollisionFlags(flags | btCollisionObject::CF_KINEMATIC_OBJECT);
        b->setMassProps(0, btVector3(0, 0, 0));
    } else {
        b->setCollisionFlags(flags & ~btCollisionObject::CF_KINEMATIC_OBJECT);
        b->setMassProps(mass, w->inertias[i]);
    }
    b->updateInertiaTensor();
    b->setLinearVelocity(btVector3(0, 0, 0));
    b->setAngularVelocity(btVector3(0, 0, 0));
    b->setInterpolationLinearVelocity(btVector3(0, 0, 0));
    b->setInterpolationAngularVelocity(btVector3(0, 0, 0));
    b->setInterpolationWorldTransform(b->getWorldTransform());
    b->clearForces();
    b->forceActivationState(DISABLE_DEACTIVATION);
    if (btBroadphaseProxy* proxy = b->getBroadphaseHandle()) {
        w->broadphase.getOverlappingPairCache()->cleanProxyFromPairs(proxy, &w->dispatcher);
    }
    return 1;
}

// Forgets the solver's state (its random seed) after every body was teleported.
void mmdp_world_reset_solver(MmdpWorld* w) {
    if (w != nullptr) {
        w->solver.reset();
    }
}

// A new gravity for the world and for every body in it: the world's own setter skips bodies
// that are asleep or kinematic at the time, which would keep the old gravity once they fall
// again.
void mmdp_world_set_gravity(MmdpWorld* w, float gx, float gy, float gz) {
    if (w == nullptr) {
        return;
    }
    const btVector3 gravity(gx, gy, gz);
    w->world.setGravity(gravity);
    for (auto& body : w->bodies) {
        body->setGravity(gravity);
    }
}

// pose: 7 floats out; velocity: 6 floats out (linear, angular).
int32_t mmdp_body_state(const MmdpWorld* w, int32_t index, float* pose, float* velocity) {
    const btRigidBody* b = w == nullptr || pose == nullptr || velocity == nullptr ? nullptr : w->body(index);
    if (b == nullptr) {
        return 0;
    }
    from_transform(b->getWorldTransform(), pose);
    const btVector3& v = b->getLinearVelocity();
    const btVector3& av = b->getAngularVelocity();
    velocity[0] = v.x();
    velocity[1] = v.y();
    velocity[2] = v.z();
    velocity[3] = av.x();
    velocity[4] = av.y();
    velocity[5] = av.z();
    return 1;
}

int32_t mmdp_world_step(MmdpWorld* w, int32_t substeps, float fixed_step) {
    if (w == nullptr || substeps <= 0 || !(fixed_step > 0)) {
        return 0;
    }
    try {
        w->world.stepExact(substeps, fixed_step);
        return 1;
    } catch (...) {
        return 0;
    }
}

}  // extern "C"
